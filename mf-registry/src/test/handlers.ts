/** The registry's answers of the API mock (shared-ui/testing/api): the reference lists every user or category form reads. */
import { listAnswer, type Handlers } from 'shared-ui/testing/api';
import { CATEGORY_ADULT, CATEGORY_MINOR, MAILING_LISTS, QUALIFICATION, RULES } from './fixtures';

export const list = listAnswer;

/** The reference lists every user or category form reads (GET …?limit=300). */
export const referenceHandlers: Handlers = {
  'GET /user/category': list([CATEGORY_ADULT, CATEGORY_MINOR]),
  'GET /user/qualification': list([QUALIFICATION]),
  'GET /user/reservation-rule': list(RULES),
  'GET /user/mailing-list/classes': list(MAILING_LISTS),
};
