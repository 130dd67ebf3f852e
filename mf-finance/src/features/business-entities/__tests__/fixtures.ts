import type { BusinessEntity } from 'shared-api';
import { uuid } from '../../../test/fixtures';

export const SUPPLIER: BusinessEntity = {
  _id: uuid(80),
  name: 'Sport Forniture Srl',
  address: 'Via Roma 1',
  province: 'MI',
  city: 'Milano',
  postal_code: '20121',
  identification_code: '01234567890',
  phone1: '02 1234567',
  phone2: null,
  email: 'ordini@sportforniture.example',
  notes: 'Fornitore di racchette',
  created_at: '2026-09-03T10:00:00.000Z',
};

export const CUSTOMER: BusinessEntity = {
  _id: uuid(81),
  name: 'Comune di Bollate',
  address: 'Piazza Aldo Moro 1',
  province: null,
  city: 'Bollate',
  postal_code: null,
  identification_code: 'RSSMRA85T10A562S',
  phone1: '02 3500',
  phone2: '02 3501',
  email: 'sport@comune.example',
  notes: null,
  created_at: '2026-10-01T08:00:00.000Z',
};
