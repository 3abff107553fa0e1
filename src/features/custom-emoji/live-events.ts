// The emoji are one data set with the status picker's: their handler lives with the shared query
// (src/client/reference-data/custom-emoji.ts).
export { customEmojiEventHandlers } from '../../client/reference-data/custom-emoji';
