import { useQuery } from '@tanstack/react-query';
import { referenceOptionsQuery } from './reference-options';

/** GET /user/reservation-rule?limit=300 for the booking-rule selectors. */
export const reservationRuleOptionsQuery = () => referenceOptionsQuery('reservation-rules', '/user/reservation-rule');

export const useReservationRuleOptions = () => useQuery(reservationRuleOptionsQuery());
