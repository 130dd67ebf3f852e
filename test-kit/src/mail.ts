/**
 * The one mail reader of the suites. Without SMTP the server keeps each mail in its outbox and prints one line
 * `MAIL {"to":…,"subject":…,"links":[…]}` (core/mail/mailer.ts); the server tests collect those lines from the app's
 * mail log, the browser tests from the server process's output, and both read them here.
 */
export interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The mail a `MAIL {…}` line carries (anywhere in the line), or null for any other line. */
export function parseMailLine(line: string): Mail | null {
  const at = line.indexOf('MAIL {');
  return at < 0 ? null : (JSON.parse(line.slice(at + 5)) as Mail);
}

export class MailLog {
  readonly mails: Mail[] = [];
  private waiters: Array<() => void> = [];

  /** Takes one line of output (lines that are not mails are ignored). */
  read(line: string): void {
    const mail = parseMailLine(line);
    if (!mail) return;
    this.mails.push(mail);
    this.waiters.splice(0).forEach((wake) => wake());
  }

  /** Every mail to an address, oldest first. */
  to(address: string): Mail[] {
    return this.mails.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  }

  /** The link of the latest mail to an address (an invitation or a reset carries one). */
  lastLink(address: string): string {
    const mail = this.to(address).at(-1);
    if (!mail) throw new Error(`nessuna mail a ${address}`);
    const [link] = mail.links;
    if (!link) throw new Error(`l'ultima mail a ${address} non ha link`);
    return link;
  }

  /** Resolves with the first mail to `address` (already received ones included), or fails after `timeoutMs`. */
  async waitFor(address: string, timeoutMs = 15_000, describe: () => string = () => ''): Promise<Mail> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.to(address)[0];
      if (found) return found;
      if (performance.now() > deadline) throw new Error(`nessuna mail a ${address} in ${timeoutMs} ms${describe()}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }
}
