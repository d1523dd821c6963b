// Custom search attributes an operator filters by in the Temporal UI. Never a recipient.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const ACCOUNT_ID = defineSearchAttributeKey('PostageAccountId', SearchAttributeType.KEYWORD);
export const SENDING_MODE = defineSearchAttributeKey('PostageMode', SearchAttributeType.KEYWORD);
export const MESSAGE_STATUS = defineSearchAttributeKey('PostageStatus', SearchAttributeType.KEYWORD);

/** `name=Type` pairs for `temporal server start-dev --search-attribute`. */
export const SEARCH_ATTRIBUTE_DEFINITIONS: ReadonlyArray<readonly [string, string]> = [
  [ACCOUNT_ID.name, 'Keyword'],
  [SENDING_MODE.name, 'Keyword'],
  [MESSAGE_STATUS.name, 'Keyword'],
];
