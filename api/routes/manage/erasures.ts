// Erasing an address (docs/privacy.md, "Erasing an address"): request one, follow it, list them.
// Owners and admins only; the address is never in an answer, the audit log or the workflow.
import {
  getErasure,
  listErasures,
  requestErasure,
  type Erasure as ErasureRecord,
} from '../../../core/privacy/erasures';
import { erasureStarter } from '../../../workflows/client';
import { operation } from '../../http/operation';
import { perApp } from '../../http/perApp';
import { CreateErasureRequest, Erasure, ErasureList } from '../../schemas/erasures';

/** The erasures a list shows. */
const LISTED_ERASURES = 50;

const startErasure = perApp((deps) => erasureStarter(deps.temporal, deps.config.temporal.taskQueue));

function presentErasure(e: ErasureRecord) {
  return {
    id: e.id,
    status: e.status,
    removed: e.removed,
    requested_at: e.requestedAt.toISOString(),
    completed_at: e.completedAt?.toISOString() ?? null,
  };
}

export const erasureOperations = [
  operation({
    method: 'post',
    path: '/api/privacy/erasures',
    summary:
      'Erase an address from the account’s data: every record of it goes, and it stays suppressed as a keyed hash.',
    description:
      'Starts the erasure and answers at once (202); follow it with GET /api/privacy/erasures/{id}. It removes the address’s email-log rows with their timelines, webhook delivery records, opens and clicks, received messages from or to it (bytes, parse, attachments), scheduled messages to it (cancelled), audit-log mentions and live events; its suppression entries are kept as a keyed hash (shown as `[erased]`), and one is added when it had none, so it is never mailed again (docs/privacy.md, "Erasing an address"). The audit log records `privacy.erasure_requested` without the address. Owners and admins only.',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    body: CreateErasureRequest,
    ok: [202, Erasure, 'Started.'],
    async handler({ deps, res, caller, body }) {
      const erasure = await requestErasure(
        deps.db,
        { accountId: caller.accountId, address: body.address, secretKey: deps.config.secretKey, actor: caller.actor },
        startErasure(deps),
      );
      res.locals.outcome = 'erasure_requested';
      return presentErasure(erasure);
    },
  }),
  operation({
    method: 'get',
    path: '/api/privacy/erasures',
    summary: `The account’s erasures, newest first (the last ${LISTED_ERASURES}).`,
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    ok: [200, ErasureList, 'The erasures.'],
    async handler({ deps, caller }) {
      return { erasures: (await listErasures(deps.db, caller.accountId, LISTED_ERASURES)).map(presentErasure) };
    },
  }),
  operation({
    method: 'get',
    path: '/api/privacy/erasures/{id}',
    summary: 'An erasure’s progress and what it removed, by kind (never the address).',
    who: 'caller',
    role: 'admin',
    scopedKey: 'account_wide',
    ok: [200, Erasure, 'The erasure.'],
    async handler({ deps, caller, params }) {
      return presentErasure(await getErasure(deps.db, caller.accountId, params.id));
    },
  }),
];
