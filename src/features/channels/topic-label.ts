export { RESOLVED_TOPIC_PREFIX as RESOLVED_PREFIX } from '../../shared/svc/messages';

/** How a topic reads: the empty-string topic by the organization's name for it. */
export function topicLabel(name: string, emptyTopicDisplayName: string): string {
  return name === '' ? emptyTopicDisplayName : name;
}
