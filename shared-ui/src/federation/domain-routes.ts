import type { ComponentType } from 'react';

/**
 * What every domain app exposes as './routes': its pages keyed by the full route path of spec 000 §2.1.
 * The shell's route table decides permissions and which app serves a path; a path an app does not list yet
 * shows the shell's "not yet available" message.
 */
export type DomainRoutes = Record<string, ComponentType>;
