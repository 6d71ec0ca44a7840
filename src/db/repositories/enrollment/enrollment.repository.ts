/**
 * What each enrollment was made under (migration 0015): the versions of the employer's documents in force and,
 * for a purchase, the ICHRA acknowledgment with the documents listed then.
 */
import type { Selectable } from 'kysely';
import type { DbOrTx, EnrollmentTable } from '../../database.ts';

export type EnrollmentRow = Selectable<EnrollmentTable>;

export type NewEnrollment = {
  id: string;
  memberid: string;
  accountid: string;
  planyear: number;
  healthoption: 'buy' | 'waive';
  ichraAcknowledgment: { at: Date; documents: string[] } | null;
  documentversions: Record<string, number>;
};

export async function insert(db: DbOrTx, enrollment: NewEnrollment): Promise<void> {
  const { ichraAcknowledgment, documentversions, ...columns } = enrollment;
  await db
    .insertInto('enrollment')
    .values({
      ...columns,
      ichraacknowledgedat: ichraAcknowledgment?.at ?? null,
      ichradocuments: ichraAcknowledgment ? JSON.stringify(ichraAcknowledgment.documents) : null,
      documentversions: JSON.stringify(documentversions),
    })
    .execute();
}

export async function findById(db: DbOrTx, id: string): Promise<EnrollmentRow | undefined> {
  return db.selectFrom('enrollment').selectAll().where('id', '=', id).executeTakeFirst();
}
