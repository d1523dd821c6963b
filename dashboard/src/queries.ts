// Every read of the management API as a typed React Query hook, and every cache key in one
// place (pages invalidate through `keys`, never through literals).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ok, postage, type AuditFilters, type EmailFilters, type InboundFilters } from './api';

export const keys = {
  session: ['session'],
  /** The signed-in person's passkeys (every account's). */
  passkeys: ['passkeys'],
  domains: ['domains'],
  domain: (name: string) => ['domains', name],
  apiKeys: ['api-keys'],
  webhooks: ['webhooks'],
  deliveries: (id: string) => ['webhooks', id, 'deliveries'],
  byoc: ['byoc'],
  retention: ['retention'],
  byocPolicy: ['byoc', 'policy'],
  emails: ['emails'],
  emailList: (filters: EmailFilters) => ['emails', 'list', filters],
  email: (id: string) => ['emails', 'detail', id],
  suppressions: ['suppressions'],
  suppressionList: (search: string, cursor: string | undefined) => ['suppressions', search, cursor ?? ''],
  usage: ['usage'],
  erasures: ['privacy', 'erasures'],
  sendingQueue: ['sending-queue'],
  /** The account's rates and whether its sending is paused (its page, and the paused banner on every page). */
  reputation: ['reputation'],
  dailyStats: (days: number) => ['stats', 'daily', days],
  templates: ['templates'],
  templateList: (cursor: string | undefined) => ['templates', 'list', cursor ?? ''],
  /** The prefix of everything about one template (its versions and previews too). */
  template: (id: string) => ['templates', 'detail', id],
  templateVersions: (id: string) => ['templates', 'detail', id, 'versions'],
  templatePreview: (id: string, version: number | undefined, variables: Record<string, unknown>) => [
    'templates',
    'detail',
    id,
    'preview',
    version ?? 'draft',
    variables,
  ],
  members: ['members'],
  /** The person's sign-in sessions (every account's). */
  userSessions: ['user-sessions'],
  twoFactor: ['two-factor'],
  /** Whether the account is scheduled for deletion (the banner on every page, and its page). */
  accountDeletion: ['account-deletion'],
  invitations: ['invitations'],
  audit: ['audit'],
  auditList: (filters: AuditFilters) => ['audit', filters],
  invitation: (token: string) => ['invitation', token],
  inboundDomains: ['inbound-domains'],
  /** The prefix of everything about one inbound domain (its rules too). */
  inboundDomain: (name: string) => ['inbound-domains', name],
  inboundRules: (name: string) => ['inbound-domains', name, 'rules'],
  inbound: ['inbound'],
  inboundList: (filters: InboundFilters) => ['inbound', 'list', filters],
  inboundMessage: (id: string) => ['inbound', 'detail', id],
  addressExports: ['privacy', 'exports'],
} as const;

export const useDomains = () => useQuery({ queryKey: keys.domains, queryFn: () => ok(postage.GET('/api/domains')) });

export const useDomain = (name: string) =>
  useQuery({
    queryKey: keys.domain(name),
    queryFn: () => ok(postage.GET('/api/domains/{name}', { params: { path: { name } } })),
  });

export const useApiKeys = () => useQuery({ queryKey: keys.apiKeys, queryFn: () => ok(postage.GET('/api/api-keys')) });

export const useWebhooks = () => useQuery({ queryKey: keys.webhooks, queryFn: () => ok(postage.GET('/api/webhooks')) });

export const useWebhookDeliveries = (id: string) =>
  useQuery({
    queryKey: keys.deliveries(id),
    queryFn: () => ok(postage.GET('/api/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 10 } } })),
  });

export const useRetention = () =>
  useQuery({ queryKey: keys.retention, queryFn: () => ok(postage.GET('/api/account/retention')) });
export const useByoc = () => useQuery({ queryKey: keys.byoc, queryFn: () => ok(postage.GET('/api/byoc')) });

export const useByocPolicy = () =>
  useQuery({ queryKey: keys.byocPolicy, queryFn: () => ok(postage.GET('/api/byoc/policy')) });

export const useUsage = () => useQuery({ queryKey: keys.usage, queryFn: () => ok(postage.GET('/api/usage')) });

/** The account's emails waiting for their turn at SES; read again every 15 s while the page is open. */
export const useSendingQueue = () =>
  useQuery({
    queryKey: keys.sendingQueue,
    queryFn: () => ok(postage.GET('/api/sending/queue')),
    refetchInterval: 15_000,
  });

/** `enabled` false: only what another reader already loaded (the banner reads it while sending is paused). */
export const useReputation = (enabled = true) =>
  useQuery({ queryKey: keys.reputation, queryFn: () => ok(postage.GET('/api/reputation')), enabled });

/** Sent, delivered, bounced, complained, opened and clicked per UTC day, oldest first. */
export const useDailyStats = (days: number) =>
  useQuery({
    queryKey: keys.dailyStats(days),
    queryFn: () => ok(postage.GET('/api/stats/daily', { params: { query: { days } } })),
  });

/** A page of the log; the previous page stays on screen while the next loads. */
export const useEmails = (filters: EmailFilters, options: { refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: keys.emailList(filters),
    queryFn: () => ok(postage.GET('/api/emails', { params: { query: filters } })),
    placeholderData: keepPreviousData,
    ...options,
  });

/** Refreshes every 2 s while the message is still on its way. */
export const useEmail = (id: string) =>
  useQuery({
    queryKey: keys.email(id),
    queryFn: () => ok(postage.GET('/api/emails/{message_id}', { params: { path: { message_id: id } } })),
    refetchInterval: (q) => (q.state.data && ['queued', 'sent'].includes(q.state.data.email.status) ? 2000 : false),
  });

export const useSuppressions = (search: string, cursor: string | undefined) =>
  useQuery({
    queryKey: keys.suppressionList(search, cursor),
    queryFn: () =>
      ok(
        postage.GET('/api/suppressions', {
          params: { query: { limit: 25, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Refreshes every 2 s while an erasure runs. */
export const useErasures = () =>
  useQuery({
    queryKey: keys.erasures,
    queryFn: () => ok(postage.GET('/api/privacy/erasures')),
    refetchInterval: (q) => (q.state.data?.erasures.some((e) => e.status === 'running') ? 2000 : false),
  });

export const useTemplates = (cursor: string | undefined) =>
  useQuery({
    queryKey: keys.templateList(cursor),
    queryFn: () =>
      ok(postage.GET('/api/templates', { params: { query: { limit: 25, ...(cursor ? { cursor } : {}) } } })),
    placeholderData: keepPreviousData,
  });

export const useTemplate = (id: string) =>
  useQuery({
    queryKey: keys.template(id),
    queryFn: () => ok(postage.GET('/api/templates/{id}', { params: { path: { id } } })),
  });

export const useTemplateVersions = (id: string) =>
  useQuery({
    queryKey: keys.templateVersions(id),
    queryFn: () => ok(postage.GET('/api/templates/{id}/versions', { params: { path: { id } } })),
  });

/**
 * The saved draft (or a published version) rendered with `variables`. A POST, but it changes
 * nothing, so it is read like any query; the last rendering stays on screen while the next loads.
 */
export const useTemplatePreview = (
  id: string,
  version: number | undefined,
  variables: Record<string, unknown> | undefined,
) =>
  useQuery({
    queryKey: keys.templatePreview(id, version, variables ?? {}),
    queryFn: () =>
      ok(
        postage.POST('/api/templates/{id}/preview', {
          params: { path: { id } },
          body: { variables: variables ?? {}, ...(version === undefined ? {} : { version }) },
        }),
      ),
    enabled: variables !== undefined,
    placeholderData: keepPreviousData,
  });

/** The account's address exports (owner or admin: `enabled` false for the others, who would get a 403). */
export const useAddressExports = (enabled: boolean) =>
  useQuery({ queryKey: keys.addressExports, queryFn: () => ok(postage.GET('/api/privacy/exports')), enabled });

export const useMembers = () => useQuery({ queryKey: keys.members, queryFn: () => ok(postage.GET('/api/members')) });

export const useUserSessions = () =>
  useQuery({ queryKey: keys.userSessions, queryFn: () => ok(postage.GET('/api/auth/sessions')) });
/** The account's scheduled deletion, if any (docs/privacy.md, "Deleting the account"). */
export const useAccountDeletion = () =>
  useQuery({ queryKey: keys.accountDeletion, queryFn: () => ok(postage.GET('/api/account/deletion')) });

/** The signed-in person's two-factor sign-in: on or off, and the recovery codes left. */
export const useTwoFactorStatus = () =>
  useQuery({ queryKey: keys.twoFactor, queryFn: () => ok(postage.GET('/api/auth/two-factor')) });

export const useInvitations = () =>
  useQuery({ queryKey: keys.invitations, queryFn: () => ok(postage.GET('/api/invitations')) });

/** The audit log, newest first, a page at a time: "Load more" appends the next page. */
export const useAudit = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: keys.auditList(filters),
    queryFn: ({ pageParam }) =>
      ok(
        postage.GET('/api/audit', {
          params: { query: { ...filters, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/**
 * What an invitation link offers. A POST that changes nothing, read once (the token checks are
 * limited per client): not again on focus, and a refused token is not asked again.
 */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: keys.invitation(token),
    queryFn: () => ok(postage.POST('/api/auth/invitation/lookup', { body: { token } })),
    enabled: token !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useInboundDomains = () =>
  useQuery({ queryKey: keys.inboundDomains, queryFn: () => ok(postage.GET('/api/inbound-domains')) });

export const useInboundDomain = (name: string) =>
  useQuery({
    queryKey: keys.inboundDomain(name),
    queryFn: () => ok(postage.GET('/api/inbound-domains/{name}', { params: { path: { name } } })),
  });

export const useInboundRules = (name: string) =>
  useQuery({
    queryKey: keys.inboundRules(name),
    queryFn: () => ok(postage.GET('/api/inbound-domains/{name}/rules', { params: { path: { name } } })),
  });

/** A page of received messages; the previous page stays on screen while the next loads. */
export const useInboundMessages = (filters: InboundFilters, options: { refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: keys.inboundList(filters),
    queryFn: () => ok(postage.GET('/api/inbound', { params: { query: filters } })),
    placeholderData: keepPreviousData,
    ...options,
  });

/** One received message (fresh attachment links with each read). */
export const useInboundMessage = (id: string) =>
  useQuery({
    queryKey: keys.inboundMessage(id),
    queryFn: () => ok(postage.GET('/api/inbound/{id}', { params: { path: { id } } })),
  });

/** The signed-in person's passkeys, the first registered first. */
export const usePasskeys = () =>
  useQuery({ queryKey: keys.passkeys, queryFn: () => ok(postage.GET('/api/auth/passkeys')) });
