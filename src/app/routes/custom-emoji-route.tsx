import { CustomEmojiPage } from '../../features/custom-emoji/custom-emoji-page';

export function CustomEmojiRoute() {
  return <CustomEmojiPage />;
}
