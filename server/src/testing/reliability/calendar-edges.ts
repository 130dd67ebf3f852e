/**
 * Dates at both ends of the calendar, for the fuzzer (fuzz.ts). The contract's dates run from 1800-01-01 to
 * 2199-12-31 (shared-api DATE_RANGE): the ends themselves are plausible values every date-bearing call must answer
 * without a 5xx, and the days just past them, or at the calendar's own ends (year 9999 answered 500 after storing a
 * training session, issue 25), are defects every such call must refuse with a 4xx.
 */
import { DATE_RANGE } from 'shared-api/contract';
import type { JsonSchema } from './operations';

/** A date parameter or field as the OpenAPI description shows the contract's isoDate: its YYYY-MM-DD pattern. */
export const isDateSchema = (schema: JsonSchema): boolean => Boolean(schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'));

/** Valid dates at the range's ends, and ordinary ones. */
export const EDGE_DATES = ['2000-01-31', '1990-12-01', DATE_RANGE.first, DATE_RANGE.last] as const;

/** Well-formed dates outside the range (or no day at all): refused with 400 wherever a date is taken. */
export const FAR_DATES = ['9999-12-31', '9999-01-01', '2200-01-01', '1799-12-31', '0001-01-01', '0000-01-01', '2026-02-29'] as const;
