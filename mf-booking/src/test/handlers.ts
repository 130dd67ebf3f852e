/** The booking app's answers of the API mock (shared-ui/testing/api). */
import { listAnswer, type Handlers } from 'shared-ui/testing/api';
import { PARTNERS, TABLES } from './fixtures';

export const list = listAnswer;

/** The reference lists the booking pages read: tables, partners, qualifications. */
export const referenceHandlers: Handlers = {
  'GET /training-session/game-tables': list(TABLES),
  'GET /user': list(PARTNERS),
  'GET /user/qualification': list([{ _id: '00000000-0000-4000-8000-00000000aaaa', name: 'Agonista' }]),
};
