import { newPdf } from '../../core/pdf';

interface TermsDocument {
  fileName: string;
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const PRIVACY_POLICY: TermsDocument = {
  fileName: 'informativa_privacy.pdf',
  title: 'Informativa sul trattamento dei dati personali',
  intro:
    'ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) e del D.Lgs. 196/2003 come modificato dal D.Lgs. 101/2018, resa ai soci, agli atleti tesserati e agli utenti del portale del circolo.',
  sections: [
    {
      heading: '1. Titolare del trattamento',
      paragraphs: [
        "Titolare del trattamento è l'associazione sportiva dilettantistica che gestisce il circolo di tennistavolo, in persona del legale rappresentante pro tempore. Per qualsiasi richiesta relativa ai dati personali è possibile rivolgersi alla segreteria del circolo.",
      ],
    },
    {
      heading: '2. Dati trattati',
      paragraphs: [
        'Dati anagrafici e di contatto (nome, cognome, codice fiscale, data e luogo di nascita, residenza, telefono, indirizzo email), fotografia, dati del tesseramento federale FITET, categoria e qualifiche sociali, prenotazioni dei turni di allenamento, dati relativi a quote e pagamenti.',
        'Dati relativi alla salute limitatamente al certificato medico di idoneità sportiva, obbligatorio per legge per la pratica sportiva, e alla sua data di scadenza.',
        'Per i soci minorenni, i dati anagrafici del genitore o di chi esercita la responsabilità genitoriale.',
      ],
    },
    {
      heading: '3. Finalità e basi giuridiche',
      paragraphs: [
        'a) Gestione del rapporto associativo e del tesseramento, organizzazione delle attività sportive e delle prenotazioni dei tavoli: esecuzione del rapporto associativo (art. 6.1.b GDPR).',
        "b) Verifica dell'idoneità sanitaria alla pratica sportiva: adempimento di obblighi di legge e motivi di interesse pubblico in ambito sanitario (art. 9.2.b e 9.2.h GDPR).",
        'c) Adempimenti amministrativi, contabili e fiscali: obbligo di legge (art. 6.1.c GDPR).',
        "d) Comunicazioni informative sulla vita del circolo: legittimo interesse del titolare (art. 6.1.f GDPR). Comunicazioni commerciali e promozionali solo con il consenso espresso dell'interessato, revocabile in ogni momento (art. 6.1.a GDPR).",
      ],
    },
    {
      heading: '4. Modalità del trattamento e conservazione',
      paragraphs: [
        'I dati sono trattati con strumenti informatici protetti da credenziali personali, da persone autorizzate e istruite dal titolare. Le password sono conservate esclusivamente in forma cifrata non reversibile.',
        "I dati sono conservati per la durata del rapporto associativo e, successivamente, per il tempo previsto dagli obblighi di legge (di norma dieci anni per i documenti contabili). I certificati medici sono conservati fino alla loro scadenza e per il periodo successivo necessario a dimostrare l'adempimento degli obblighi di legge.",
      ],
    },
    {
      heading: '5. Comunicazione dei dati',
      paragraphs: [
        "I dati possono essere comunicati alla Federazione Italiana Tennistavolo e agli enti di promozione sportiva per il tesseramento, alle compagnie assicurative per la copertura degli associati, a consulenti amministrativi e fiscali e ai fornitori dei servizi informatici, nominati responsabili del trattamento. I dati non sono diffusi né trasferiti fuori dall'Unione europea.",
      ],
    },
    {
      heading: "6. Diritti dell'interessato",
      paragraphs: [
        "L'interessato può chiedere in ogni momento l'accesso ai propri dati, la rettifica, la cancellazione, la limitazione del trattamento, la portabilità dei dati e opporsi al trattamento basato sul legittimo interesse, rivolgendosi alla segreteria del circolo. Ha inoltre diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).",
        "Il conferimento dei dati di cui ai punti 3.a, 3.b e 3.c è necessario: in mancanza non è possibile l'iscrizione al circolo né la partecipazione alle attività sportive.",
      ],
    },
  ],
};

export const REGULATIONS: TermsDocument = {
  fileName: 'regolamento.pdf',
  title: 'Regolamento del circolo e del portale dei soci',
  intro:
    "Il presente regolamento disciplina l'uso delle strutture del circolo di tennistavolo e del portale per la prenotazione dei turni di allenamento.",
  sections: [
    {
      heading: 'Art. 1 - Accesso al portale',
      paragraphs: [
        "L'accesso al portale è personale. Il socio custodisce con cura le proprie credenziali e non le cede a terzi; ogni prenotazione effettuata con le sue credenziali si considera effettuata dal socio stesso.",
        'Il socio mantiene aggiornati i propri recapiti (telefono ed email) dalla pagina del proprio profilo.',
      ],
    },
    {
      heading: 'Art. 2 - Certificato medico',
      paragraphs: [
        'Per prenotare e partecipare agli allenamenti è necessario un certificato medico di idoneità sportiva valido, caricato nel portale e approvato dalla segreteria. Alla scadenza del certificato le prenotazioni non sono più consentite fino al caricamento di un nuovo certificato.',
      ],
    },
    {
      heading: 'Art. 3 - Prenotazione dei turni',
      paragraphs: [
        "I turni si prenotano dal portale indicando un compagno di allenamento, anch'esso socio in regola. Ciascun socio può prenotare i turni entro i limiti giornalieri e settimanali della propria regola di prenotazione, nella settimana di prenotazione attiva.",
        'Un turno prenotato può essere annullato dal portale entro il termine previsto dalla regola di prenotazione, per lasciarlo libero agli altri soci. Le prenotazioni non utilizzate e non annullate possono comportare la sospensione temporanea della possibilità di prenotare.',
      ],
    },
    {
      heading: 'Art. 4 - Uso della palestra e dei tavoli',
      paragraphs: [
        'Si accede alla sala di gioco con abbigliamento e calzature sportive pulite. Tavoli, reti e attrezzature vanno utilizzati con cura e riposti al termine del turno. Eventuali danni o malfunzionamenti vanno segnalati subito alla segreteria.',
        'È vietato fumare, consumare cibo vicino ai tavoli e lasciare oggetti personali incustoditi; il circolo non risponde di oggetti smarriti.',
      ],
    },
    {
      heading: 'Art. 5 - Quote e pagamenti',
      paragraphs: [
        'Le quote associative e di partecipazione ai corsi sono versate nei termini comunicati dalla segreteria. Il socio può consultare dal portale i pagamenti effettuati e quelli in sospeso.',
      ],
    },
    {
      heading: 'Art. 6 - Comportamento',
      paragraphs: [
        "I soci tengono un comportamento corretto e rispettoso verso gli altri soci, gli allenatori e il personale del circolo. Il consiglio direttivo può sospendere l'accesso al portale e alle strutture in caso di violazioni gravi o ripetute del presente regolamento.",
      ],
    },
  ],
};

const cache = new Map<string, Promise<Buffer>>();

/** The terms documents as PDF, built once per process (their text is fixed). */
export function termsPdf(document: TermsDocument): Promise<Buffer> {
  let pdf = cache.get(document.fileName);
  if (!pdf) {
    pdf = render(document);
    cache.set(document.fileName, pdf);
  }
  return pdf;
}

async function render(document: TermsDocument): Promise<Buffer> {
  const { doc, bytes } = await newPdf({ size: 'A4', margin: 56, info: { Title: document.title } });
  doc.font('Helvetica-Bold').fontSize(16).text(document.title, { align: 'center' });
  doc.moveDown(0.5);
  doc.font('Helvetica-Oblique').fontSize(10).text(document.intro, { align: 'justify' });
  for (const section of document.sections) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(12).text(section.heading);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10);
    for (const paragraph of section.paragraphs) {
      doc.text(paragraph, { align: 'justify' });
      doc.moveDown(0.4);
    }
  }
  doc.end();
  return bytes;
}
