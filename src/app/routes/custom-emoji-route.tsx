import { CustomEmojiPage } from '../../features/custom-emoji/custom-emoji-page';

export function CustomEmojiRoute() {
  return <CustomEmojiPage />;
}

/** The router's name for the page (src/app/route-modules.ts). */
export { CustomEmojiRoute as Component };
