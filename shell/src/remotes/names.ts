/** Federation names of the domain apps (DESIGN §1). The manifest maps each to its mf-manifest.json. */
export const REMOTE_NAMES = ['mf_booking', 'mf_registry', 'mf_certificates', 'mf_storage', 'mf_finance'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
