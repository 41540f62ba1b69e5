import { useContext } from 'react';
import { APP_STYLES_ID, AppStylesText } from '~/http/app-styles';

/** The app stylesheet inline in the page's head (why and how: app/http/app-styles.ts). */
export function AppStyles() {
  return <style id={APP_STYLES_ID} dangerouslySetInnerHTML={{ __html: useContext(AppStylesText) }} />;
}
