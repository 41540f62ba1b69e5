import { useNavigation } from '@remix-run/react';

/** A thin bar at the top while a client-side navigation loads (purely visual; main gets aria-busy). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return <div className={busy ? 'progress progress--active' : 'progress'} aria-hidden="true" />;
}
