import type { Mail } from '../../core/mail/mailer';

interface Recipient {
  name: string;
  email: string;
}

export function invitationMail(user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: 'Benvenuto nel portale del circolo: completa la registrazione',
    text: [
      `Ciao ${user.name},`,
      '',
      'la segreteria del circolo ti ha registrato nel portale dei soci.',
      'Per scegliere la tua password e completare la registrazione apri questo link (valido 7 giorni):',
      '',
      link,
      '',
      'Se non ti aspettavi questa email puoi ignorarla.',
      '',
      'Il circolo di tennistavolo',
    ].join('\n'),
    links: [link],
  };
}

export function passwordResetMail(user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: 'Reimposta la password del portale del circolo',
    text: [
      `Ciao ${user.name},`,
      '',
      'abbiamo ricevuto una richiesta di reimpostazione della tua password.',
      'Per crearne una nuova apri questo link (valido 1 ora, utilizzabile una sola volta):',
      '',
      link,
      '',
      'Se non hai chiesto tu la reimpostazione puoi ignorare questa email: la tua password resta invariata.',
      '',
      'Il circolo di tennistavolo',
    ].join('\n'),
    links: [link],
  };
}

/** To the old address after an e-mail change: the owner learns of it even if someone else made it. */
export function emailChangedMail(user: Recipient, oldEmail: string): Mail {
  return {
    to: oldEmail,
    subject: "L'indirizzo email del tuo account è stato modificato",
    text: [
      `Ciao ${user.name},`,
      '',
      `l'indirizzo email con cui accedi al portale del circolo non è più ${oldEmail}: da ora le comunicazioni arriveranno al nuovo indirizzo.`,
      '',
      'Se non sei stato tu a modificarlo, contatta subito la segreteria del circolo.',
      '',
      'Il circolo di tennistavolo',
    ].join('\n'),
    links: [],
  };
}
