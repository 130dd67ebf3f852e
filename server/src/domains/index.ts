import type { Domain } from '../core/domain';
import { account } from './account';
import { audit } from './audit';
import { booking } from './booking';
import { certificates } from './certificates';
import { finance } from './finance';
import { platform } from './platform';
import { registry } from './registry';
import { storage } from './storage';

/**
 * The one list of the portal's domains. Order matters twice: services are built and seeds run in this order
 * (the registry's categories and users exist before anything that points at them). Adding a domain is one folder
 * under domains/ and one line here.
 */
export const domains: readonly Domain[] = [registry, account, certificates, booking, finance, storage, platform, audit];
