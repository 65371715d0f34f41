import type { Database } from "../platform/db/database.js";
import { notFound } from "../platform/lib/errors.js";
import { AD_RECORDS, AFFILIATE_LINK_RECORDS, type AdminRecordRules } from "./ad-rules.js";
import { AdsQueries } from "./ads-queries.js";

// Admins manage ads and affiliate links the same way (docs/decisions/032): list, create, edit
// (pause, resume, schedule, turn off or on), and delete, each answered with the record's counted
// and raw figures. What a record may hold is said by its rules (ad-rules.ts).

/** The SQL of one kind of record (AdminRecordQueries of ads-queries.ts). */
interface RecordQueries<Fields, Row> {
  list(): Promise<Row[]>;
  find(id: string): Promise<Row | null>;
  create(fields: Fields): Promise<string>;
  update(id: string, changes: Partial<Fields>): Promise<boolean>;
  delete(id: string): Promise<boolean>;
}

/** An admin's use cases on one kind of record; `Input` is the body as the request writes it. */
export class AdminRecords<Input, Fields, Row extends Fields> {
  constructor(
    private readonly queries: RecordQueries<Fields, Row>,
    private readonly rules: AdminRecordRules<Input, Fields>,
  ) {}

  /** The newest records first, with their figures. */
  list(): Promise<Row[]> {
    return this.queries.list();
  }

  /** One record with its figures; 404 when there is none. */
  async get(id: string): Promise<Row> {
    const record = await this.queries.find(id);
    if (record === null) throw notFound(this.rules.notFound);
    return record;
  }

  /** A new record from a body: its fields checked, defaults for those it leaves out. */
  async create(body: Input): Promise<Row> {
    const fields = this.rules.created(this.rules.changes(body));
    this.rules.check(fields);
    return this.get(await this.queries.create(fields));
  }

  /** The record with the body's changes, checked as it would then stand. */
  async update(id: string, body: Input): Promise<Row> {
    const changes = this.rules.changes(body);
    this.rules.check({ ...(await this.get(id)), ...changes });
    if (!(await this.queries.update(id, changes))) throw notFound(this.rules.notFound);
    return this.get(id);
  }

  /** Deletes the record with everything counted of it; 404 when there is none. */
  async delete(id: string): Promise<void> {
    if (!(await this.queries.delete(id))) throw notFound(this.rules.notFound);
  }
}

/** Admins' ads and affiliate links, each kind with its rules. */
export function adminRecords(db: Database) {
  const queries = new AdsQueries(db);
  return {
    ads: new AdminRecords(queries.ads, AD_RECORDS),
    affiliateLinks: new AdminRecords(queries.affiliateLinks, AFFILIATE_LINK_RECORDS),
  };
}
