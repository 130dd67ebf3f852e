/** The storage answers of the API mock (shared-ui/testing/api): the selectors every form reads. */
import { listAnswer, type Handlers } from 'shared-ui/testing/api';
import { BALLS, CLOTHES, MARCO, SHIRT, makeItem } from './fixtures';

export const list = listAnswer;

export const selectorHandlers: Handlers = {
  'GET /storage/item-category': list([BALLS, CLOTHES]),
  'GET /storage/item': list([makeItem(), SHIRT]),
  'GET /user': list([MARCO]),
};
