/** The finance answers of the API mock (shared-ui/testing/api): the selectors the forms read. */
import { listAnswer, type Handlers } from 'shared-ui/testing/api';
import { BANK_ACCOUNT, CASH, CASH_ACCOUNT, CATEGORY, FEES_ACCOUNT, GIULIA, MARCO, MPS, SEASON_FEE } from './fixtures';

export const list = listAnswer;

export const selectorHandlers: Handlers = {
  'GET /finance/account': list([CASH_ACCOUNT, BANK_ACCOUNT, FEES_ACCOUNT]),
  'GET /finance/subaccount': list([CASH, MPS, SEASON_FEE]),
  'GET /finance/income-category': list([CATEGORY]),
  'GET /user': list([MARCO, GIULIA]),
};
