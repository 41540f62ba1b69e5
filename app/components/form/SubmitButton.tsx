import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';

/* A submit button that shows the pending state of its own form (matched on formAction and, when
   a route has several forms, on the intent value) and announces it to screen readers. */
export function SubmitButton({
  children,
  pendingText,
  action,
  intent,
  className = 'button',
}: {
  children: ReactNode;
  pendingText: string;
  /** The form's action path; defaults to the current route. */
  action?: string;
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    (action === undefined || navigation.formAction?.split('?')[0] === action) &&
    (intent === undefined || navigation.formData?.get('intent') === intent);
  return (
    <>
      <button type="submit" className={className} name={intent ? 'intent' : undefined} value={intent} aria-disabled={pending || undefined}>
        {pending ? pendingText : children}
      </button>
      <span className="sr-only" role="status">
        {pending ? pendingText : ''}
      </span>
    </>
  );
}
