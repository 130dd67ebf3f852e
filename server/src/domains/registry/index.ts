import type { Domain } from '../../core/domain';
import type { AccountPort } from './account-port';
import { CategoryRepository } from './categories/repository';
import { CategoryService } from './categories/service';
import { ReferenceRepository } from './references/repository';
import routes from './routes';
import { seedRegistry } from './seed';
import { UserRepository } from './users/repository';
import { UserRegistry } from './users/service';

/** The public face of the registry for other domains: what they may import besides tables.ts. */
export { UserRepository } from './users/repository';
export { isActiveUser, isDeactivatedUser } from './users/active';
export { EMAIL_TAKEN_MESSAGE } from './users/service';
export type { AccountPort } from './account-port';

export interface RegistryServices {
  users: UserRepository;
  userRegistry: UserRegistry;
  categories: CategoryService;
  categoryRepository: CategoryRepository;
  references: ReferenceRepository;
}

declare module '../../core/domain' {
  interface Services {
    registry: RegistryServices;
    /** Provided by the account domain (invitations, ending sessions). */
    accountPort: AccountPort;
  }
}

/** Users, categories and the reference lists (qualifications, booking rules, mailing-list classes). */
export const registry: Domain = {
  name: 'registry',
  services({ db, config, files }, services) {
    const users = new UserRepository(db, config.clubTimezone);
    const categoryRepository = new CategoryRepository(db);
    const accountPort = () => {
      if (!services.accountPort) throw new Error('Il dominio account non fornisce accountPort');
      return services.accountPort;
    };
    return {
      registry: {
        users,
        userRegistry: new UserRegistry({ db, users, files, account: accountPort, clubTimezone: config.clubTimezone }),
        categories: new CategoryService(db, categoryRepository),
        categoryRepository,
        references: new ReferenceRepository(db),
      },
    };
  },
  routes,
  async seed(db, config) {
    await seedRegistry(db, config);
  },
};
