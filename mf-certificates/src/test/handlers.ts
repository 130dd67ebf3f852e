/** The certificates app's answers of the API mock (shared-ui/testing/api). */
import { listAnswer, type Handlers } from 'shared-ui/testing/api';
import { ANNA, MARIO, makeType, uuid } from './fixtures';

export const list = listAnswer;

export const TYPES = [makeType(), makeType({ _id: uuid(2), name: 'Brevetto di arbitro', days_before_warn: [30], is_medical: false })];

/** What the certificate form's selectors read: GET /certificate/types and GET /user?reducedDetails=true. */
export const selectorHandlers: Handlers = {
  'GET /certificate/types': list(TYPES),
  'GET /user': list([MARIO, ANNA].map((u) => ({ _id: u._id, name: u.name, surname: u.surname, email: `${u.name.toLowerCase()}@example.it` }))),
};
