import { ITALIAN_PROVINCES as CONTRACT_PROVINCES } from 'shared-api';

/**
 * The 107 Italian provinces and equivalent bodies (metropolitan cities, free consortia, autonomous provinces):
 * id the vehicle code, listed alphabetically by name (what a person scans for; "L'Aquila" under L).
 * The list itself is the contract's (shared-api ITALIAN_PROVINCES, which the server validates against); this is its
 * alphabetical view for pickers, so the two can no longer drift apart.
 */
export const ITALIAN_PROVINCES: readonly { id: string; name: string }[] = CONTRACT_PROVINCES.map((p) => ({
  id: p.id,
  name: p.name,
})).sort((a, b) => a.name.localeCompare(b.name, 'it'));
