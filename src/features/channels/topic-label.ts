/** The check mark and space the server puts before a resolved topic's name. */
export const RESOLVED_PREFIX = '✔ ';

/** How a topic reads: the empty-string topic by the organization's name for it. */
export function topicLabel(name: string, emptyTopicDisplayName: string): string {
  return name === '' ? emptyTopicDisplayName : name;
}
