import { DOMAIN_APPS } from 'shared-api';

/** Federation names of the domain apps (shared-api's DOMAIN_APPS). The manifest maps each to its mf-manifest.json. */
export const REMOTE_NAMES: readonly string[] = DOMAIN_APPS.map((app) => app.federationName);
export type RemoteName = string;
