import { deciderSpecification } from "../testing/decider-specification.ts";
import { type CreateDocument, type DocumentCommand, documentDecider, type Numbering } from "./decide.ts";
import type {
  DocumentContact,
  DocumentEvent,
  DocumentHeader,
  DocumentKind,
  DocumentState,
  LiveDocument,
} from "./document.ts";
import type { LineInput, PricedLine } from "./lines.ts";
import type { SellerIdentity } from "./mentions.ts";
import { defaultDocumentSeries, seriesFor } from "./numbering.ts";

export const spec = deciderSpecification(documentDecider);

export const alpha: DocumentContact = {
  id: "c-alpha",
  kind: "company",
  name: "Alpha SARL",
  siren: "732829320",
  vatNumber: "FR44732829320",
  billingAddress: {
    line1: "1 rue de la Paix",
    line2: null,
    postalCode: "75002",
    city: "Paris",
    country: "FR",
  },
  deliveryAddress: null,
  auxiliary: { control: "411000", code: "CALPHA" },
  paymentTerms: null,
};

export const beta: DocumentContact = {
  ...alpha,
  id: "c-beta",
  name: "Beta SAS",
  auxiliary: { control: "401000", code: "FBETA" },
};

export const seller: SellerIdentity = {
  name: "Atelier Démo SARL",
  siren: "123456782",
  vatNumber: "FR32123456782",
  hasAddress: true,
  vatFranchise: false,
};

export const header = (changes: Partial<DocumentHeader> = {}): DocumentHeader => ({
  issueDate: "2025-01-05",
  deliveryDate: null,
  expiryDate: null,
  dueDate: null,
  deadline: null,
  reference: null,
  label: null,
  customerReference: null,
  notes: null,
  supplierNumber: null,
  supplierDate: null,
  ...changes,
});

export const priced = (changes: Partial<PricedLine> = {}): PricedLine => ({
  kind: "free",
  id: "l1",
  itemId: null,
  reference: null,
  label: "Marchandises",
  description: null,
  unit: "C62",
  quantity: "1",
  unitPrice: "2000.00",
  discount: "0",
  vatRate: "20",
  vatExemption: null,
  account: "707000",
  nature: "goods",
  originLineId: null,
  ...changes,
});

export const numbering = (
  kind: DocumentKind,
  sequence = 1,
  direction: "sales" | "purchases" = "sales",
): Numbering => ({
  series: seriesFor(defaultDocumentSeries, kind, direction),
  sequence,
});

export const create = (data: Partial<CreateDocument["data"]> = {}): DocumentCommand => ({
  type: "CreateDocument",
  data: {
    id: "d-1",
    kind: "invoice",
    direction: "sales",
    header: { issueDate: "2025-01-05" },
    contact: alpha,
    lines: [],
    ...data,
  },
});

export const created = (
  data: Partial<Extract<DocumentEvent, { type: "DocumentCreated" }>["data"]> = {},
): DocumentEvent => ({
  type: "DocumentCreated",
  data: {
    id: "d-1",
    kind: "invoice",
    direction: "sales",
    number: null,
    series: null,
    header: header(),
    contact: alpha,
    lines: [],
    origin: null,
    depositOn: null,
    ...data,
  },
});

export const invoiceWith = (...lines: PricedLine[]): DocumentEvent => created({ lines });

export const validate = (
  sequence = 1,
  context: Partial<{ seller: SellerIdentity; lastIssueDate: string | null }> = {},
): DocumentCommand => ({
  type: "ValidateDocument",
  data: { validatedOn: "2025-01-05", entryMvt: "m-1", numbering: numbering("invoice", sequence) },
  context: { seller, lastIssueDate: null, ...context },
});

export const validated = (number = "FA2025-00001", sequence = 1): DocumentEvent => ({
  type: "DocumentValidated",
  data: {
    number,
    series: "sales-invoice",
    sequence,
    dueDate: "2025-02-04",
    validatedOn: "2025-01-05",
    entryMvt: "m-1",
    vatRules: 2,
  },
});

export const status = (from: string, to: string, on = "2025-01-06"): DocumentEvent =>
  ({ type: "DocumentStatusChanged", data: { from, to, on } }) as DocumentEvent;

export const change = (status: string, on = "2025-01-06"): DocumentCommand =>
  ({ type: "ChangeDocumentStatus", data: { status, on } }) as DocumentCommand;

export const stateOf = (...events: DocumentEvent[]): LiveDocument => {
  const state = events.reduce<DocumentState>(documentDecider.evolve, documentDecider.initialState());
  if (!("kind" in state)) throw new Error("not a live document");
  return state;
};

export const freeLine = (changes: Partial<LineInput & { kind: "free" }> = {}): LineInput => ({
  kind: "free",
  id: "l1",
  label: "Marchandises",
  quantity: "1",
  unitPrice: "2000",
  vatRate: "20",
  account: "707000",
  nature: "goods",
  ...changes,
});
