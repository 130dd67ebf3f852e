import type { BankDetails, MyPayment } from 'shared-api/contract';
import type { MyPaymentsRepository } from './repository';

/** A member's own payments (spec 000 §2.9): made, pending or incoming, with the club's bank details. */
export class MyPaymentsService {
  constructor(
    private readonly repo: MyPaymentsRepository,
    private readonly bankDetails: BankDetails,
  ) {}

  async mine(userId: string, type: MyPayment['type']): Promise<{ data: MyPayment[]; bank_details: BankDetails }> {
    const data =
      type === 'made' ? await this.repo.madeBy(userId) : type === 'pending' ? await this.repo.pendingOf(userId) : await this.repo.incomingTo(userId);
    return { data, bank_details: this.bankDetails };
  }
}
