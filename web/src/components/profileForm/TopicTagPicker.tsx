import { createTopic, searchTopics } from '../../lib/profile/topics';
import type { TopicType } from '../../lib/profile/types';
import TagPicker, { type TagPickerProps } from './TagPicker';

export type TopicTagPickerProps = Omit<TagPickerProps, 'search' | 'searchKey' | 'create' | 'itemName'> & {
  /** skill for skills, general for topics of interest. */
  topicType: TopicType;
};

/** A TagPicker over the tenant's skills or topics (GET /topics/), which may add new ones (POST /topics/). */
export default function TopicTagPicker({ topicType, ...props }: TopicTagPickerProps) {
  return (
    <TagPicker
      {...props}
      searchKey={`topics-${topicType}`}
      search={(text, signal) => searchTopics(topicType, text, signal)}
      create={(name) => createTopic(topicType, name)}
      itemName={topicType === 'skill' ? 'skill' : 'topic'}
    />
  );
}
