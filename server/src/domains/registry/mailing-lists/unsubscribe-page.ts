/** The small pages a member sees from an unsubscribe link (no sign-in, no script: a form that posts back). */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2933}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}</style>
</head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;

export const confirmPage = (listName: string, query: { u: string; c: string; s: string }) =>
  page(
    'Annulla iscrizione',
    `<p>Vuoi smettere di ricevere le email di «${escape(listName)}»?</p>
<form method="post" action="/api/v1/emails/unsubscribe">
<input type="hidden" name="u" value="${escape(query.u)}"><input type="hidden" name="c" value="${escape(query.c)}"><input type="hidden" name="s" value="${escape(query.s)}">
<button type="submit">Annulla l'iscrizione</button></form>`,
  );

export const donePage = (listName: string) =>
  page('Iscrizione annullata', `<p>Non riceverai più le email di «${escape(listName)}». Puoi chiudere questa pagina.</p>`);

export const invalidLinkPage = () => page('Link non valido', '<p>Il link non è valido o la lista non esiste più.</p>');
