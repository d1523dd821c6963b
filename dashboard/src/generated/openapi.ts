// Generated from /openapi.json by `npm run generate:api` (tools/apiTypes.ts). Do not edit.
export interface paths {
    "/api/account/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave this account: your sessions for it end and the API keys you made are revoked. The owner transfers ownership first.
         * @description Any member of the account (every role), or a full_access API key. Only a signed-in person: an API key is answered 404.
         */
        post: operations["postApiAccountLeave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/transfer-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make another member the owner; the owner becomes an admin.
         * @description Members with the `owner` role; no API key (a key acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiAccountTransferOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s API keys (never their secrets), with when each was last used.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiApiKeys"];
        put?: never;
        /**
         * Create a key; the secret is in this response only. A caller cannot create a key with more permission than its own.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key (by id or `pk_` prefix); its next request gets 401.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiApiKeysId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s audit log, newest first: each change, who made it (with the person’s name and email) and when.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitation/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation (once, within 72 hours): signed in as the invited address, or, when that address has no sign-in yet, with a new `password` (and `name`). Starts a session acting on the account. */
        post: operations["postApiAuthInvitationAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitation/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What an invitation link offers: the account, the role, the invited address, and whether that address already has a sign-in. */
        post: operations["postApiAuthInvitationLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password (signed-in users); ends every session and starts a new one.
         * @description Any member of the account (every role), or a full_access API key. Only a signed-in person: an API key is answered 404.
         */
        post: operations["postApiAuthPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password-reset link (valid 1 hour). Always 202 with the same body. */
        post: operations["postApiAuthPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the reset token; signs the user out everywhere. */
        post: operations["postApiAuthPasswordResetConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, the account and the CSRF token. */
        get: operations["getApiAuthSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Act on another of the person’s accounts from now on (the account switcher); same session and CSRF token.
         * @description Any member of the account (every role), or a full_access API key. Only a signed-in person: an API key is answered 404.
         */
        post: operations["postApiAuthSessionAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: starts a new session (HttpOnly cookie `postage_session`) and answers with the CSRF token. */
        post: operations["postApiAuthSignin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End this session.
         * @description Any member of the account (every role), or a full_access API key.
         */
        post: operations["postApiAuthSignout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account and its user; sends a verification email. Always 202 with the same body. */
        post: operations["postApiAuthSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the account email with the token from the verification link. */
        post: operations["postApiAuthVerifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new verification link (signed-in users whose address is unverified).
         * @description Any member of the account (every role), or a full_access API key. Only a signed-in person: an API key is answered 404.
         */
        post: operations["postApiAuthVerifyEmailResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/byoc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The BYOC configuration (role, region, ExternalId, validation state).
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiByoc"];
        /**
         * Validate and save the role ARN and region; answers with the spec 5.3 failure reason when validation fails (the configuration is saved either way).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        put: operations["putApiByoc"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/byoc/cloudformation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A CloudFormation template (JSON) creating Service-BYOC-Role with both policies.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiByocCloudformation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/byoc/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trust policy (relay account, ExternalId condition) and the 11 permissions of Service-BYOC-Role.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiByocPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/byoc/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate the saved configuration again.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiByocValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s sending domains with their DNS records and states.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiDomains"];
        put?: never;
        /**
         * Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims of the name change nothing in the answer; the first account to verify ownership wins the name. Unverified claims expire (`expires_at`).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domains/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One domain and the state of each record.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiDomainsName"];
        put?: never;
        post?: never;
        /**
         * Delete the domain (a released claim too) and its SES identity if it has one.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiDomainsName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domains/{name}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required records are missing. Once ownership is verified the SES identity is created and the DKIM records are issued; other unverified claims of the name are released.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiDomainsNameVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shared-mode email log, newest first (rows are kept 14 days).
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/emails/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One message: its log row, its timeline and its webhook deliveries.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiEmailsMessage_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move a scheduled email (shared or BYOC, by the `message_id` of its send answer) to another time.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        patch: operations["patchApiEmailsMessage_id"];
        trace?: never;
    };
    "/api/emails/{message_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled email (shared or BYOC, by the `message_id` of its send answer): status `canceled`, the month’s count given back, its staged content deleted at once.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiEmailsMessage_idCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open invitations (not accepted, revoked or expired), newest first.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiInvitations"];
        put?: never;
        /**
         * Invite an address with a role (not above your own). The email carries a link that works once, for 72 hours; inviting the address again replaces it. The account’s address must be verified; at most 20 invitations an hour and 100 members and open invitations.
         * @description Members with the `admin` role or above; no API key (a key acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an open invitation: its link stops working.
         * @description Members with the `admin` role or above; no API key (a key acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiInvitationsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's account, plan, BYOC status, verified domains and this UTC month's usage */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s members and their roles, the earliest first.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member: their sessions for this account and the invitations they sent end at once, and the API keys they made are revoked unless `keep_keys=true` (then the owner answers for them). The owner cannot be removed.
         * @description Members with the `admin` role or above; no API key (a key acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiMembersUser_id"];
        options?: never;
        head?: never;
        /**
         * Change a member’s role (not above your own; not the owner’s). A lower role ends the member’s sessions for this account and the invitations they may no longer give; the API keys they made act with at most their new role.
         * @description Members with the `admin` role or above; no API key (a key acts as a developer); anyone else gets `403 insufficient_role`.
         */
        patch: operations["patchApiMembersUser_id"];
        trace?: never;
    };
    "/api/send/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue one email */
        post: operations["send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/send/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue up to 100 emails in one request
         * @description Each email is a send request (`SendRequest`) handled exactly as if sent alone (every gate, its own count, log row and workflow), in order: with N sends left this month, the first N are accepted and the rest answer `usage_limit_exceeded`. An email's refusal, or its field errors, are answered in its own entry and never affect the others. The batch counts as one request against the per-key rate limit (60 a minute); the whole body is at most 15728640 bytes. With `Idempotency-Key` the whole answer is kept and replayed (a different batch with the key is a 409); each email may carry its own `idempotency_key`, which deduplicates it across requests.
         */
        post: operations["sendBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The suppression list, newest first.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiSuppressions"];
        put?: never;
        /**
         * Suppress an address by hand (reason `manual`).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiSuppressions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/suppressions/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether an address is suppressed: its entry, or 404 when sends to it are not refused for suppression.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiSuppressionsAddress"];
        put?: never;
        post?: never;
        /**
         * Lift a suppression.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiSuppressionsAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s templates, newest first (without their content).
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiTemplates"];
        put?: never;
        /**
         * Create a template; its content is the draft until published.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One template, by id or alias, with its draft and the variables it reads.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiTemplatesId"];
        put?: never;
        post?: never;
        /**
         * Delete a template and its versions; messages already sent keep their content.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiTemplatesId"];
        options?: never;
        head?: never;
        /**
         * Rename, change the alias (at once), or edit the draft (used by sends once published).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        patch: operations["patchApiTemplatesId"];
        trace?: never;
    };
    "/api/templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render the draft (or a published version) with variables, without sending: subject, HTML and text.
         * @description Any member of the account (every role), or a full_access API key.
         */
        post: operations["postApiTemplatesIdPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the draft the published version that sends use (a draft equal to it publishes nothing new).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiTemplatesIdPublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates/{id}/test-send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the draft, rendered with variables, to a test recipient through the real pipeline (counted like any test send).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiTemplatesIdTestSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/templates/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every published version, newest first.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiTemplatesIdVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This month’s allowance and use per mode, and daily sends for the previous and the current UTC month.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s webhook endpoints.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiWebhooks"];
        put?: never;
        /**
         * Create an endpoint; the signing secret is in this response only (Growth and Pro plans).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the endpoint, its secret and its delivery history (permanent).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        delete: operations["deleteApiWebhooksId"];
        options?: never;
        head?: never;
        /**
         * Change the URL, the events or the active switch (Growth and Pro plans).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        patch: operations["patchApiWebhooksId"];
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent delivery attempts, newest first.
         * @description Any member of the account (every role), or a full_access API key.
         */
        get: operations["getApiWebhooksIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a recorded delivery’s event again, now, as one attempt recorded as a replay (Growth and Pro plans; counts toward the 10 test events a minute). A message’s event is rebuilt from its log row (kept 14 days) and carries the same `webhook-id`; a test delivery is replayed as a new test event of its type.
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiWebhooksIdDeliveriesDelivery_idReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the new one is in this response only. For 24 hours every delivery’s Standard Webhooks `webhook-signature` carries a signature made with each of the two secrets, so a receiver can switch without losing events; X-Service-Signature (one secret, spec 6.2) uses the new one at once (Growth and Pro plans).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiWebhooksIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST a signed test event of the chosen type (spec 6.4 flat test shape) to the endpoint now, and record it (Growth and Pro plans; at most 10 test events a minute per account).
         * @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`.
         */
        post: operations["postApiWebhooksIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/ses-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SES event notifications delivered by Amazon SNS (not for API clients)
         * @description Subscribe the SNS topic your SES configuration set publishes to. No API key: every message is checked against `SNS_TOPIC_ARNS`, its age and its signature (certificate from the topic region's SNS host). A 5xx makes SNS deliver it again later.
         */
        post: operations["sesEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Accepted: {
            detail: string;
            /** @constant */
            success: true;
        };
        AcceptInvitationRequest: {
            name?: string;
            /** @description 10 to 256 characters. */
            password?: string;
            /** @description The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`. */
            token: string;
        };
        AccountRecord: {
            byoc_configured: boolean;
            byoc_usage_current_month: number;
            /** @description Active plan id (e.g. `growth`, `pro`); '' without a subscription. */
            current_plan: string;
            email: string;
            is_verified: boolean;
            name: string;
            shared_usage_current_month: number;
            verified_byoc_domains: string[];
            verified_shared_domains: string[];
        };
        ApiKey: {
            /** Format: date-time */
            created_at: string;
            created_by: {
                email: string | null;
                /** @description A user or key id, the operator name, or the system part. */
                id: string;
                name: string | null;
                /** @enum {unknown} */
                type: "user" | "key" | "cli" | "system";
            } | null;
            domains: string[];
            expires_at: string | null;
            id: string;
            last_used_at: string | null;
            name: string;
            /** @enum {unknown} */
            permission: "sending" | "full_access";
            /** @description The public part of the key (`pk_<lookup id>`); the secret is never shown again. */
            prefix: string;
            revoked_at: string | null;
            /** @enum {unknown} */
            state: "active" | "revoked" | "expired";
        };
        ApiKeyList: {
            api_keys: {
                /** Format: date-time */
                created_at: string;
                created_by: {
                    email: string | null;
                    /** @description A user or key id, the operator name, or the system part. */
                    id: string;
                    name: string | null;
                    /** @enum {unknown} */
                    type: "user" | "key" | "cli" | "system";
                } | null;
                domains: string[];
                expires_at: string | null;
                id: string;
                last_used_at: string | null;
                name: string;
                /** @enum {unknown} */
                permission: "sending" | "full_access";
                /** @description The public part of the key (`pk_<lookup id>`); the secret is never shown again. */
                prefix: string;
                revoked_at: string | null;
                /** @enum {unknown} */
                state: "active" | "revoked" | "expired";
            }[];
        };
        AuditEntry: {
            action: string;
            actor: {
                email: string | null;
                /** @description A user or key id, the operator name, or the system part. */
                id: string;
                name: string | null;
                /** @enum {unknown} */
                type: "user" | "key" | "cli" | "system";
            };
            /** Format: date-time */
            created_at: string;
            details: {
                [key: string]: unknown;
            };
            id: string;
        };
        AuditList: {
            entries: {
                action: string;
                actor: {
                    email: string | null;
                    /** @description A user or key id, the operator name, or the system part. */
                    id: string;
                    name: string | null;
                    /** @enum {unknown} */
                    type: "user" | "key" | "cli" | "system";
                };
                /** Format: date-time */
                created_at: string;
                details: {
                    [key: string]: unknown;
                };
                id: string;
            }[];
            next_cursor: string | null;
        };
        Byoc: {
            /** @description Validated, enabled and usable (spec 2.4). */
            byoc_configured: boolean;
            /** @description A configuration was saved. */
            configured: boolean;
            external_id: string | null;
            region: string | null;
            role_arn: string | null;
            /** @constant */
            role_name: "Service-BYOC-Role";
            unusable_reason: string | null;
            validated_at: string | null;
            validation_error: string | null;
        };
        ByocPolicy: {
            external_id: string | null;
            /** @description An IAM policy document. */
            permissions_policy: {
                Statement: Record<string, never>[];
                /** @constant */
                Version: "2012-10-17";
            };
            relay_account_id: string;
            /** @constant */
            role_name: "Service-BYOC-Role";
            steps: string[];
            /** @description An IAM policy document. */
            trust_policy: {
                Statement: Record<string, never>[];
                /** @constant */
                Version: "2012-10-17";
            };
        };
        ByocRequest: {
            /** @description An AWS region where SES offers its API. */
            region: string;
            role_arn: string;
        };
        ByocSaved: {
            byoc: {
                /** @description Validated, enabled and usable (spec 2.4). */
                byoc_configured: boolean;
                /** @description A configuration was saved. */
                configured: boolean;
                external_id: string | null;
                region: string | null;
                role_arn: string | null;
                /** @constant */
                role_name: "Service-BYOC-Role";
                unusable_reason: string | null;
                validated_at: string | null;
                validation_error: string | null;
            };
            validation: {
                /** @enum {unknown} */
                code: "ok" | "assume_role_failed" | "external_id_not_required" | "sending_disabled" | "sandbox" | "missing_permission" | "not_propagated" | "ses_unreachable";
                /** @description The failure reason of spec 5.3, in plain words. */
                message: string;
                ok: boolean;
            };
        };
        ByocValidation: {
            byoc: {
                /** @description Validated, enabled and usable (spec 2.4). */
                byoc_configured: boolean;
                /** @description A configuration was saved. */
                configured: boolean;
                external_id: string | null;
                region: string | null;
                role_arn: string | null;
                /** @constant */
                role_name: "Service-BYOC-Role";
                unusable_reason: string | null;
                validated_at: string | null;
                validation_error: string | null;
            };
            validation: {
                /** @enum {unknown} */
                code: "ok" | "assume_role_failed" | "external_id_not_required" | "sending_disabled" | "sandbox" | "missing_permission" | "not_propagated" | "ses_unreachable";
                /** @description The failure reason of spec 5.3, in plain words. */
                message: string;
                ok: boolean;
            };
        };
        CloudFormationTemplate: {
            /** @constant */
            AWSTemplateFormatVersion: "2010-09-09";
            Outputs: Record<string, never>;
            Resources: Record<string, never>;
        };
        CreateApiKeyRequest: {
            /** @description Domains the key may send from, each a domain of this account (another name is a 400 on `domains`); empty or absent: all the account's domains. */
            domains?: string[];
            expires_at?: string | null;
            /** @description Not only spaces. */
            name: string;
            /**
             * @default sending
             * @enum {unknown}
             */
            permission: "sending" | "full_access";
        };
        CreatedApiKey: {
            api_key: {
                /** Format: date-time */
                created_at: string;
                created_by: {
                    email: string | null;
                    /** @description A user or key id, the operator name, or the system part. */
                    id: string;
                    name: string | null;
                    /** @enum {unknown} */
                    type: "user" | "key" | "cli" | "system";
                } | null;
                domains: string[];
                expires_at: string | null;
                id: string;
                last_used_at: string | null;
                name: string;
                /** @enum {unknown} */
                permission: "sending" | "full_access";
                /** @description The public part of the key (`pk_<lookup id>`); the secret is never shown again. */
                prefix: string;
                revoked_at: string | null;
                /** @enum {unknown} */
                state: "active" | "revoked" | "expired";
            };
            /** @description The key itself, shown this once. Send it as X-API-Key. */
            secret: string;
        };
        /** @description A `byoc` domain is a registrable domain, not a subdomain (400 on `name`: the public suffix list decides, which a pattern cannot state). */
        CreateDomainRequest: {
            name: string;
            /** @enum {unknown} */
            sending_mode: "byoc" | "shared";
        };
        CreatedWebhook: {
            /** @description Shown this once: verify each delivery’s Standard Webhooks signature and timestamp with it (`webhook-signature` over `webhook-id.webhook-timestamp.body`, a `webhook-timestamp` within 5 minutes), with an SDK’s verify helper or any Standard Webhooks library. X-Service-Signature, the older scheme, signs the body alone, with no timestamp: it gives no replay protection. */
            signing_secret: string;
            webhook: {
                active: boolean;
                /** Format: date-time */
                created_at: string;
                events: ("email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained")[];
                id: string;
                url: string;
            };
        };
        CreateSuppressionRequest: {
            /** Format: email */
            address: string;
        };
        CreateTemplateRequest: {
            alias?: string | null;
            /** @description A Liquid template; every `{{ output }}` is HTML-escaped unless it ends with `| raw`. */
            html: string;
            /** @description A name for people (not unique): not only spaces. */
            name: string;
            /** @description A Liquid template of one line; nothing in it is escaped, and a rendered line break is refused. */
            subject: string;
            text?: string | null;
        };
        CreateWebhookRequest: {
            events: ("email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained")[];
            /**
             * Format: uri
             * @description http or https, without user name or password; its host must resolve to public addresses only (checked when saved: 400 on `url`).
             */
            url: string;
        };
        Deleted: {
            /** @constant */
            success: true;
            warnings: string[];
        };
        Domain: {
            can_send: boolean;
            /** Format: date-time */
            created_at: string;
            dkim_verified_at: string | null;
            expires_at: string | null;
            last_checked_at: string | null;
            mail_from_domain: string | null;
            name: string;
            ownership_verified_at: string | null;
            /** @description The records to publish. The three DKIM CNAMEs are issued (and listed) once ownership is verified: the SES identity is created only then. */
            records: {
                name: string;
                /** @enum {unknown} */
                purpose: "ownership" | "dkim" | "mail_from" | "spf" | "dmarc";
                /** @description Ownership and DKIM are required to send; the others are advisory (send warnings). */
                required: boolean;
                /**
                 * @description verified (found in DNS); operator (required, marked verified by Postage support without DNS being read); pending (required, not found yet); missing (advisory, not found at the last check); unchecked.
                 * @enum {unknown}
                 */
                status: "verified" | "operator" | "pending" | "missing" | "unchecked";
                /** @enum {unknown} */
                type: "TXT" | "CNAME" | "MX";
                value: string;
            }[];
            released_at: string | null;
            /** @enum {unknown} */
            sending_mode: "byoc" | "shared";
            /**
             * @description released: another account proved ownership of the name first; the claim can never send and only deletion is left.
             * @enum {unknown}
             */
            status: "pending_ownership" | "pending_dkim" | "verified" | "released";
            /** @description The state and what to do next, in plain words. */
            status_detail: string;
            verified_by: ("dns" | "operator") | null;
        };
        DomainList: {
            domains: {
                can_send: boolean;
                /** Format: date-time */
                created_at: string;
                dkim_verified_at: string | null;
                expires_at: string | null;
                last_checked_at: string | null;
                mail_from_domain: string | null;
                name: string;
                ownership_verified_at: string | null;
                /** @description The records to publish. The three DKIM CNAMEs are issued (and listed) once ownership is verified: the SES identity is created only then. */
                records: {
                    name: string;
                    /** @enum {unknown} */
                    purpose: "ownership" | "dkim" | "mail_from" | "spf" | "dmarc";
                    /** @description Ownership and DKIM are required to send; the others are advisory (send warnings). */
                    required: boolean;
                    /**
                     * @description verified (found in DNS); operator (required, marked verified by Postage support without DNS being read); pending (required, not found yet); missing (advisory, not found at the last check); unchecked.
                     * @enum {unknown}
                     */
                    status: "verified" | "operator" | "pending" | "missing" | "unchecked";
                    /** @enum {unknown} */
                    type: "TXT" | "CNAME" | "MX";
                    value: string;
                }[];
                released_at: string | null;
                /** @enum {unknown} */
                sending_mode: "byoc" | "shared";
                /**
                 * @description released: another account proved ownership of the name first; the claim can never send and only deletion is left.
                 * @enum {unknown}
                 */
                status: "pending_ownership" | "pending_dkim" | "verified" | "released";
                /** @description The state and what to do next, in plain words. */
                status_detail: string;
                verified_by: ("dns" | "operator") | null;
            }[];
        };
        DomainVerification: {
            checks: {
                expected: string;
                found: string[];
                name: string;
                ok: boolean;
                purpose: string;
                type: string;
            }[];
            domain: {
                can_send: boolean;
                /** Format: date-time */
                created_at: string;
                dkim_verified_at: string | null;
                expires_at: string | null;
                last_checked_at: string | null;
                mail_from_domain: string | null;
                name: string;
                ownership_verified_at: string | null;
                /** @description The records to publish. The three DKIM CNAMEs are issued (and listed) once ownership is verified: the SES identity is created only then. */
                records: {
                    name: string;
                    /** @enum {unknown} */
                    purpose: "ownership" | "dkim" | "mail_from" | "spf" | "dmarc";
                    /** @description Ownership and DKIM are required to send; the others are advisory (send warnings). */
                    required: boolean;
                    /**
                     * @description verified (found in DNS); operator (required, marked verified by Postage support without DNS being read); pending (required, not found yet); missing (advisory, not found at the last check); unchecked.
                     * @enum {unknown}
                     */
                    status: "verified" | "operator" | "pending" | "missing" | "unchecked";
                    /** @enum {unknown} */
                    type: "TXT" | "CNAME" | "MX";
                    value: string;
                }[];
                released_at: string | null;
                /** @enum {unknown} */
                sending_mode: "byoc" | "shared";
                /**
                 * @description released: another account proved ownership of the name first; the claim can never send and only deletion is left.
                 * @enum {unknown}
                 */
                status: "pending_ownership" | "pending_dkim" | "verified" | "released";
                /** @description The state and what to do next, in plain words. */
                status_detail: string;
                verified_by: ("dns" | "operator") | null;
            };
            /** @description Required records not found yet (ownership first, then DKIM). */
            missing: {
                name: string;
                /** @enum {unknown} */
                purpose: "ownership" | "dkim" | "mail_from" | "spf" | "dmarc";
                /** @description Ownership and DKIM are required to send; the others are advisory (send warnings). */
                required: boolean;
                /**
                 * @description verified (found in DNS); operator (required, marked verified by Postage support without DNS being read); pending (required, not found yet); missing (advisory, not found at the last check); unchecked.
                 * @enum {unknown}
                 */
                status: "verified" | "operator" | "pending" | "missing" | "unchecked";
                /** @enum {unknown} */
                type: "TXT" | "CNAME" | "MX";
                value: string;
            }[];
        };
        EmailDetail: {
            email: {
                bounce_subtype: string | null;
                bounce_type: string | null;
                bounced_at: string | null;
                complained_at: string | null;
                /** Format: date-time */
                created_at: string;
                delivered_at: string | null;
                failed_at: string | null;
                from_email: string;
                /** @enum {unknown} */
                kind: "real" | "test" | "simulator";
                message_id: string;
                recipient: string;
                scheduled_at: string | null;
                sent_at: string | null;
                /** @enum {unknown} */
                status: "scheduled" | "canceled" | "queued" | "sent" | "delivered" | "bounced" | "complained" | "failed";
                subject: string;
                /** @description The tags the send carried (`{}` without). */
                tags: {
                    [key: string]: string;
                };
                template: {
                    id: string;
                    version: number | null;
                } | null;
            };
            timeline: {
                /** Format: date-time */
                at: string;
                /** @description bounce_type/bounce_subtype, reason, smtp_response or provider_message_id where they apply. */
                details: {
                    [key: string]: string;
                };
                /**
                 * @description `possible_duplicate`: Postage sent the message to SES again after an earlier attempt whose answer was lost (its worker died, or SES did not answer in time): the recipient may get two copies (`details.reason`).
                 * @enum {unknown}
                 */
                type: "scheduled" | "canceled" | "queued" | "sent" | "possible_duplicate" | "delivered" | "bounced" | "complained" | "failed";
            }[];
            webhook_deliveries: {
                /** Format: date-time */
                attempted_at: string;
                /** @description How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise. */
                duration_ms: number;
                endpoint_id: string;
                error: ("timeout" | "dns_failure" | "connection_refused" | "tls_error" | "address_not_allowed" | "cancelled" | "network_error") | null;
                event_type: string;
                status_code: number | null;
                succeeded: boolean;
                url: string;
            }[];
        };
        EmailList: {
            emails: {
                bounce_subtype: string | null;
                bounce_type: string | null;
                bounced_at: string | null;
                complained_at: string | null;
                /** Format: date-time */
                created_at: string;
                delivered_at: string | null;
                failed_at: string | null;
                from_email: string;
                /** @enum {unknown} */
                kind: "real" | "test" | "simulator";
                message_id: string;
                recipient: string;
                scheduled_at: string | null;
                sent_at: string | null;
                /** @enum {unknown} */
                status: "scheduled" | "canceled" | "queued" | "sent" | "delivered" | "bounced" | "complained" | "failed";
                subject: string;
                /** @description The tags the send carried (`{}` without). */
                tags: {
                    [key: string]: string;
                };
                template: {
                    id: string;
                    version: number | null;
                } | null;
            }[];
            next_cursor: string | null;
        };
        EmailSchedule: {
            message_id: string;
            scheduled_at: string | null;
            /** @enum {unknown} */
            status: "scheduled" | "canceled";
        };
        Error: {
            detail: string;
            /** @enum {unknown} */
            error: "unauthorized" | "domain_not_registered" | "domain_not_verified" | "dkim_not_verified" | "domain_mode_mismatch" | "domain_not_allowed" | "sending_suspended" | "recipient_suppressed" | "usage_limit_exceeded" | "attachment_upload_failed" | "queue_error" | "byoc_not_configured" | "service_unavailable" | "idempotency_key_reused" | "idempotency_key_in_progress" | "not_found" | "method_not_allowed" | "internal_error" | "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "too_many_attempts" | "too_many_requests" | "domain_exists" | "domain_unavailable" | "too_many_pending_domains" | "byoc_setup_required" | "webhook_inactive" | "not_scheduled" | "template_alias_exists" | "template_in_use" | "insufficient_role" | "already_member" | "ownership_transfer_required" | "invitation_wrong_user" | "no_account" | "provider_error";
            /** @constant */
            success: false;
        };
        Invitation: {
            /** Format: date-time */
            created_at: string;
            email: string;
            /** Format: date-time */
            expires_at: string;
            id: string;
            invited_by: {
                email: string | null;
                /** @description A user or key id, the operator name, or the system part. */
                id: string;
                name: string | null;
                /** @enum {unknown} */
                type: "user" | "key" | "cli" | "system";
            };
            /** @enum {unknown} */
            role: "viewer" | "developer" | "admin";
        };
        InvitationList: {
            invitations: {
                /** Format: date-time */
                created_at: string;
                email: string;
                /** Format: date-time */
                expires_at: string;
                id: string;
                invited_by: {
                    email: string | null;
                    /** @description A user or key id, the operator name, or the system part. */
                    id: string;
                    name: string | null;
                    /** @enum {unknown} */
                    type: "user" | "key" | "cli" | "system";
                };
                /** @enum {unknown} */
                role: "viewer" | "developer" | "admin";
            }[];
        };
        InvitationPreview: {
            account_name: string;
            /** @description The invited address. */
            email: string;
            /** Format: date-time */
            expires_at: string;
            /** @description true: sign in as the address to accept; false: accept with a new password. */
            has_user: boolean;
            invited_by: string | null;
            /** @enum {unknown} */
            role: "viewer" | "developer" | "admin";
        };
        InvitationRequest: {
            /** Format: email */
            email: string;
            /**
             * @description Not above the inviter’s own role; ownership moves only by transfer.
             * @enum {unknown}
             */
            role: "viewer" | "developer" | "admin";
        };
        InvitationTokenRequest: {
            /** @description The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`. */
            token: string;
        };
        Member: {
            email: string;
            /** Format: date-time */
            joined_at: string;
            name: string;
            /**
             * @description viewer < developer < admin < owner (docs/decisions.md, "Teams").
             * @enum {unknown}
             */
            role: "viewer" | "developer" | "admin" | "owner";
            user_id: string;
        };
        MemberList: {
            members: {
                email: string;
                /** Format: date-time */
                joined_at: string;
                name: string;
                /**
                 * @description viewer < developer < admin < owner (docs/decisions.md, "Teams").
                 * @enum {unknown}
                 */
                role: "viewer" | "developer" | "admin" | "owner";
                user_id: string;
            }[];
        };
        MemberRoleRequest: {
            /**
             * @description Not above the inviter’s own role; ownership moves only by transfer.
             * @enum {unknown}
             */
            role: "viewer" | "developer" | "admin";
        };
        PasswordChangeRequest: {
            /** @description A wrong current password is a 400 on `current_password`. */
            current_password: string;
            /** @description 10 to 256 characters. */
            new_password: string;
        };
        PasswordResetConfirmRequest: {
            /** @description 10 to 256 characters. */
            password: string;
            /** @description The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`. */
            token: string;
        };
        PasswordResetRequest: {
            /** Format: email */
            email: string;
        };
        PlainError: {
            detail: string;
            /** @constant */
            success: false;
        };
        PreviewTemplateRequest: {
            /** @description The values the template reads, by name (strings, numbers, booleans, lists, objects). */
            variables?: {
                [key: string]: unknown;
            };
            /** @description A published version; absent: the draft. */
            version?: number;
        };
        RemovedMember: {
            member: {
                email: string;
                /** Format: date-time */
                joined_at: string;
                name: string;
                /**
                 * @description viewer < developer < admin < owner (docs/decisions.md, "Teams").
                 * @enum {unknown}
                 */
                role: "viewer" | "developer" | "admin" | "owner";
                user_id: string;
            };
            /** @description Prefixes of the API keys the member made, revoked with the removal. */
            revoked_keys: string[];
        };
        RescheduleRequest: {
            /**
             * Format: date-time
             * @description The new time: at most 30 days ahead; a time less than 10 minutes past sends the message at once (otherwise a 400 on `scheduled_at`).
             */
            scheduled_at: string;
        };
        RotatedSecret: {
            /**
             * Format: date-time
             * @description Until then every delivery also carries a Standard Webhooks signature made with the previous secret (webhook-signature lists both).
             */
            previous_secret_expires_at: string;
            /** @description The new secret, shown this once. X-Service-Signature uses it at once. */
            signing_secret: string;
            webhook: {
                active: boolean;
                /** Format: date-time */
                created_at: string;
                events: ("email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained")[];
                id: string;
                url: string;
            };
        };
        SendBatchResponse: {
            data: ({
                /** @description Attachments staged. */
                attachments: number;
                /** @description Echoed when the request carried one. */
                idempotency_key?: string;
                /** @description The position of the email in the request. */
                index: number;
                /** @description Human-readable confirmation (byoc: queued through your own AWS account; shared: queued for delivery). */
                message: string;
                /** @description The queued send; its workflow is `send-<message_id>`. */
                message_id: string;
                /**
                 * @description The sending domain's mode.
                 * @enum {unknown}
                 */
                mode: "byoc" | "shared";
                /**
                 * @description The item's own idempotency key (or the batch's) was used before: its earlier answer.
                 * @constant
                 */
                replayed?: true;
                /**
                 * Format: date-time
                 * @description A scheduled send: when it goes (UTC).
                 */
                scheduled_at?: string;
                /** @constant */
                success: true;
                /** @description Shared mode only: missing SPF, DMARC or MAIL FROM records, and for test sends a note that the send counts toward the quota. */
                warnings?: string[];
            } | {
                detail: string;
                /** @enum {unknown} */
                error: "unauthorized" | "domain_not_registered" | "domain_not_verified" | "dkim_not_verified" | "domain_mode_mismatch" | "domain_not_allowed" | "sending_suspended" | "recipient_suppressed" | "usage_limit_exceeded" | "attachment_upload_failed" | "queue_error" | "byoc_not_configured" | "service_unavailable" | "idempotency_key_reused" | "idempotency_key_in_progress";
                /** @description The position of the email in the request. */
                index: number;
                /** @constant */
                success: false;
            } | {
                detail: string;
                /** @description Messages by field path (`to`, `attachments[0].content`, ...); `_body` for the request as a whole. */
                errors: {
                    [key: string]: string[];
                };
                /** @description The position of the email in the request. */
                index: number;
                /** @constant */
                success: false;
            })[];
            /** @constant */
            success: true;
        };
        /** @description One email. `from_email` (or its alias `from`) is required, and at least one of `message`, `html`, `attachments` or `template` must be non-empty; `template` excludes `subject`, `html` and `message`. Unknown fields are rejected. Rules a schema cannot state: on the test domain only its documented local parts exist (400 on `to`); attachments together at most 10485760 bytes once decoded (400); the `Idempotency-Key` header and `idempotency_key` must agree when both are sent (400); the sender must be on a verified domain of the account that the key may use (403). */
        SendRequest: {
            /** @description At most 10 attachments, together at most 10485760 bytes once decoded. */
            attachments?: {
                /** @description The file, base64-encoded (RFC 4648 alphabet, padded, no line breaks). */
                content: string;
                /** @description MIME type; guessed from the file name when absent. */
                content_type?: string;
                filename: string;
            }[];
            /** @description Alias of `from_email`: send one of the two (equal values in both are accepted too). */
            from?: string;
            /** @description Sender address on a verified domain of the account (`Name <addr>` accepted). */
            from_email?: string;
            /** @description Display name next to the sender address. */
            from_name?: string;
            /** @description HTML body; wins over `message` when both are sent. Keep it under 100 KB (some clients clip above 102 KB). */
            html?: string;
            /** @description Makes a retry safe: 1 to 255 visible ASCII characters. The `Idempotency-Key` header is an alternative. */
            idempotency_key?: string;
            /** @description Plain-text body. */
            message?: string;
            /** @description One address for replies. */
            reply_to?: string;
            /**
             * Format: date-time
             * @description Send later: an ISO 8601 date-time with a UTC offset, at most 30 days ahead; a time less than 10 minutes past is sent at once (an older or too distant time is a 400 on `scheduled_at`, which a schema cannot state). The message is gated and counted now; it can be moved or cancelled until it goes (PATCH /api/emails/{message_id}, POST /api/emails/{message_id}/cancel).
             */
            scheduled_at?: string;
            subject?: string;
            /** @description Up to 10 name/value pairs, each 1 to 256 ASCII letters, digits, `_` or `-` (what SES accepts as message tags). Passed to SES as message tags in both modes; in shared mode kept with the email log (filter with `GET /api/emails?tag=name:value`) and echoed as `tags` in the message's webhook payloads; in BYOC mode Postage keeps none of them. */
            tags?: {
                [key: string]: string;
            };
            /** @description Send a stored template (its published version) in place of `subject`, `html` and `message`, rendered now with `variables`. Rules a schema cannot state: an unknown template, one never published, a missing variable or a render past its bounds is a 400 on `template.id` or `template.variables`, and nothing is queued. */
            template?: {
                /** @description The template’s id or alias. */
                id: string;
                /** @description The values the template reads, by name: strings, numbers, booleans, lists and objects. In the HTML they are escaped unless the template writes `| raw`. */
                variables?: {
                    [key: string]: unknown;
                };
            };
            /** @description Exactly one recipient: `addr@example.com` or `Name <addr@example.com>`. */
            to: string;
        } & (({
            from_email: string;
        } | {
            from: string;
        }) & ({
            message: string;
        } | {
            html: string;
        } | {
            attachments: unknown[];
        } | {
            template: {
                [key: string]: unknown;
            };
        }) & unknown);
        SendResponse: {
            /** @description Attachments staged. */
            attachments: number;
            /** @description Echoed when the request carried one. */
            idempotency_key?: string;
            /** @description Human-readable confirmation (byoc: queued through your own AWS account; shared: queued for delivery). */
            message: string;
            /** @description The queued send; its workflow is `send-<message_id>`. */
            message_id: string;
            /**
             * @description The sending domain's mode.
             * @enum {unknown}
             */
            mode: "byoc" | "shared";
            /**
             * Format: date-time
             * @description A scheduled send: when it goes (UTC).
             */
            scheduled_at?: string;
            /** @constant */
            success: true;
            /** @description Shared mode only: missing SPF, DMARC or MAIL FROM records, and for test sends a note that the send counts toward the quota. */
            warnings?: string[];
        };
        SesEventAnswer: {
            /**
             * @description A SubscriptionConfirmation was confirmed.
             * @constant
             */
            confirmed?: true;
            /** @description Why an event carries no outcome (an Open, a Send...). */
            ignored?: string;
            /**
             * @description Where the outcome went: the message's waiting workflow, a late-outcome workflow (or it already had one: an SNS redelivery), or nowhere (not one of ours).
             * @enum {unknown}
             */
            route?: "signalled" | "late" | "duplicate" | "unknown_message";
            /** @constant */
            success: true;
        };
        Session: {
            account: {
                /** @description Active plan id; '' without a subscription (the free BYOC plan). */
                current_plan: string;
                email: string;
                id: string;
                is_verified: boolean;
                name: string;
                /**
                 * @description viewer < developer < admin < owner (docs/decisions.md, "Teams").
                 * @enum {unknown}
                 */
                role: "viewer" | "developer" | "admin" | "owner";
                sending_suspended: boolean;
            };
            /** @description Every account the person belongs to, the one used last first. */
            accounts: {
                id: string;
                name: string;
                /**
                 * @description viewer < developer < admin < owner (docs/decisions.md, "Teams").
                 * @enum {unknown}
                 */
                role: "viewer" | "developer" | "admin" | "owner";
            }[];
            /** @description Send it as X-CSRF-Token on every state-changing request made with this session. */
            csrf_token: string;
            user: {
                email: string;
                id: string;
                name: string;
            };
        };
        SigninRequest: {
            email: string;
            password: string;
        };
        SignupRequest: {
            /** Format: email */
            email: string;
            name?: string;
            /** @description 10 to 256 characters. */
            password: string;
        };
        Suppression: {
            address: string;
            /** Format: date-time */
            created_at: string;
            /** @enum {unknown} */
            reason: "bounce" | "complaint" | "manual";
        };
        SuppressionAdded: {
            /** @description False when the address was already suppressed. */
            added: boolean;
            suppression: {
                address: string;
                /** Format: date-time */
                created_at: string;
                /** @enum {unknown} */
                reason: "bounce" | "complaint" | "manual";
            };
        };
        SuppressionList: {
            next_cursor: string | null;
            suppressions: {
                address: string;
                /** Format: date-time */
                created_at: string;
                /** @enum {unknown} */
                reason: "bounce" | "complaint" | "manual";
            }[];
        };
        SwitchAccountRequest: {
            /** Format: uuid */
            account_id: string;
        };
        Template: {
            alias: string | null;
            /** Format: date-time */
            created_at: string;
            draft: {
                html: string;
                subject: string;
                text: string | null;
                /** @description The variables the draft reads (top-level names). */
                variables: string[];
            };
            /** @description The draft differs from the published version. */
            has_unpublished_changes: boolean;
            id: string;
            name: string;
            published_version: number | null;
            /** Format: date-time */
            updated_at: string;
        };
        TemplateList: {
            next_cursor: string | null;
            templates: {
                alias: string | null;
                /** Format: date-time */
                created_at: string;
                /** @description The draft differs from the published version. */
                has_unpublished_changes: boolean;
                id: string;
                name: string;
                published_version: number | null;
                /** Format: date-time */
                updated_at: string;
            }[];
        };
        TemplatePreview: {
            html: string;
            subject: string;
            /** @description The text part: the template’s own, or derived from the HTML. */
            text: string;
        };
        TemplateSummary: {
            alias: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The draft differs from the published version. */
            has_unpublished_changes: boolean;
            id: string;
            name: string;
            published_version: number | null;
            /** Format: date-time */
            updated_at: string;
        };
        TemplateTestSend: {
            message_id: string;
            /** @description The test address it was sent to. */
            recipient: string;
        };
        TemplateTestSendRequest: {
            /** @description A sender on a verified domain of the account. */
            from_email: string;
            /**
             * @description Which test recipient (on the test domain): its outcome is simulated, nothing leaves Postage.
             * @enum {unknown}
             */
            recipient: "delivered" | "bounce" | "complaint";
            /** @description The values the template reads, by name (strings, numbers, booleans, lists, objects). */
            variables?: {
                [key: string]: unknown;
            };
        };
        TemplateVersion: {
            html: string;
            /** Format: date-time */
            published_at: string;
            subject: string;
            text: string | null;
            variables: string[];
            version: number;
        };
        TemplateVersionList: {
            /** @description Newest first. */
            versions: {
                html: string;
                /** Format: date-time */
                published_at: string;
                subject: string;
                text: string | null;
                variables: string[];
                version: number;
            }[];
        };
        TestWebhookRequest: {
            /** @enum {unknown} */
            event_type?: "email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained";
        };
        TransferOwnershipRequest: {
            /**
             * Format: uuid
             * @description The member who becomes the owner; the owner becomes an admin.
             */
            user_id: string;
        };
        /** @description Name and alias change at once; subject, html and text change the draft, which sends use once published. */
        UpdateTemplateRequest: {
            alias?: string | null;
            /** @description A Liquid template; every `{{ output }}` is HTML-escaped unless it ends with `| raw`. */
            html?: string;
            /** @description A name for people (not unique): not only spaces. */
            name?: string;
            /** @description A Liquid template of one line; nothing in it is escaped, and a rendered line break is refused. */
            subject?: string;
            text?: string | null;
        };
        UpdateWebhookRequest: {
            active?: boolean;
            events?: ("email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained")[];
            /**
             * Format: uri
             * @description http or https, without user name or password; its host must resolve to public addresses only (checked when saved: 400 on `url`).
             */
            url?: string;
        };
        Usage: {
            allowance: {
                byoc: number;
                shared: number;
            };
            /** @description Every day of the previous and the current UTC month, oldest first. */
            days: {
                byoc: number;
                /** @description YYYY-MM-DD (UTC) */
                day: string;
                shared: number;
            }[];
            /** @description YYYY-MM (UTC) */
            month: string;
            /** @description '' without a subscription (the free BYOC plan). */
            plan: string;
            used: {
                byoc: number;
                shared: number;
            };
        };
        ValidationError: {
            detail: string;
            /** @description Messages by field path (`to`, `attachments[0].content`, ...); `_body` for the request as a whole. */
            errors: {
                [key: string]: string[];
            };
            /** @constant */
            success: false;
        };
        VerifyEmailRequest: {
            /** @description The token of the emailed link; a token that was not issued, is used or expired is a 400 on `token`. */
            token: string;
        };
        Webhook: {
            active: boolean;
            /** Format: date-time */
            created_at: string;
            events: ("email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained")[];
            id: string;
            url: string;
        };
        WebhookDeliveries: {
            deliveries: {
                /** Format: date-time */
                attempted_at: string;
                /** @description How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise. */
                duration_ms: number;
                error: ("timeout" | "dns_failure" | "connection_refused" | "tls_error" | "address_not_allowed" | "cancelled" | "network_error") | null;
                event_type: string;
                /** @description Identifies the delivery (to replay it). */
                id: string;
                message_id: string | null;
                replay_of: string | null;
                status_code: number | null;
                succeeded: boolean;
                /** @description A test event sent from the dashboard or the API. */
                test: boolean;
            }[];
        };
        WebhookList: {
            webhooks: {
                active: boolean;
                /** Format: date-time */
                created_at: string;
                events: ("email.sent" | "email.delivered" | "email.failed" | "email.bounced" | "email.complained")[];
                id: string;
                url: string;
            }[];
        };
        WebhookReplayResult: {
            delivery: {
                /** Format: date-time */
                attempted_at: string;
                /** @description How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise. */
                duration_ms: number;
                error: ("timeout" | "dns_failure" | "connection_refused" | "tls_error" | "address_not_allowed" | "cancelled" | "network_error") | null;
                event_type: string;
                /** @description Identifies the delivery (to replay it). */
                id: string;
                message_id: string | null;
                replay_of: string | null;
                status_code: number | null;
                succeeded: boolean;
                /** @description A test event sent from the dashboard or the API. */
                test: boolean;
            };
            /** @description The body that was signed and posted again (the same event: the same `webhook-id`). */
            payload: Record<string, never>;
        };
        WebhookTestResult: {
            delivery: {
                /** Format: date-time */
                attempted_at: string;
                /** @description How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0 otherwise. */
                duration_ms: number;
                error: ("timeout" | "dns_failure" | "connection_refused" | "tls_error" | "address_not_allowed" | "cancelled" | "network_error") | null;
                event_type: string;
                /** @description Identifies the delivery (to replay it). */
                id: string;
                message_id: string | null;
                replay_of: string | null;
                status_code: number | null;
                succeeded: boolean;
                /** @description A test event sent from the dashboard or the API. */
                test: boolean;
            };
            /** @description The body that was signed and posted (the flat test-event shape of spec 6.4). */
            payload: Record<string, never>;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description `true` when the body replays an earlier identical request. */
        "Idempotent-Replayed": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description Requests allowed per minute for this key. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining": number;
        /** @description When the current window ends, in Unix epoch seconds. */
        "X-RateLimit-Reset": number;
        /** @description Identifies the request in our logs; quote it to support. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postApiAccountLeave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemovedMember"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Called with an API key: only a person leaves. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The member is the owner: transfer ownership first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "ownership_transfer_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAccountTransferOwnership: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferOwnershipRequest"];
            };
        };
        responses: {
            /** @description The new owner. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description The role does not allow this, or the change would give a role above the caller’s own (and the key and session rules of every operation). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiApiKeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiAudit: {
        parameters: {
            query?: {
                /** @description An action (`api_key.create`) or its family (`api_key`: every `api_key.*`). */
                action?: string;
                /** @description Only this actor: `user:<id>`, `key:<id>` or `cli:<name>`. */
                actor?: string;
                /** @description `next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one). */
                cursor?: string;
                /** @description Rows per page, 1 to 100 (default 25). */
                limit?: number;
                /** @description ISO 8601; entries at or after. */
                since?: string;
                /** @description ISO 8601; entries before. */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audit log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthInvitationAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitationRequest"];
            };
        };
        responses: {
            /** @description Joined; the session acts on the account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Signed in as someone other than the invited address, or signed in without sending the CSRF token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "invitation_wrong_user" | "csrf_token_invalid";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Too many token checks from this client, or from everyone, this hour (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthInvitationLookup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationTokenRequest"];
            };
        };
        responses: {
            /** @description The open invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many token checks from this client, or from everyone, this hour (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChangeRequest"];
            };
        };
        responses: {
            /** @description Changed; the new session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Called with an API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetRequest"];
            };
        };
        responses: {
            /** @description Accepted. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many such requests from this client, or from everyone, this hour (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthPasswordResetConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetConfirmRequest"];
            };
        };
        responses: {
            /** @description Password changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many such requests from this client, or from everyone, this hour (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthSessionAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SwitchAccountRequest"];
            };
        };
        responses: {
            /** @description The session, acting on that account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Called with an API key, or an account the person is not a member of. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthSignin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SigninRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The address or the password is wrong (which one is not said). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description The person is no longer a member of any account. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Too many failed sign-ins for the address from this client, for the address from all clients, or from this client (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_attempts";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthSignout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignupRequest"];
            };
        };
        responses: {
            /** @description Accepted (whether or not the address already had an account). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many such requests from this client, or from everyone, this hour (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthVerifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyEmailRequest"];
            };
        };
        responses: {
            /** @description Verified. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Too many such requests from this client, or from everyone, this hour (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiAuthVerifyEmailResend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sent if the address is still unverified. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Called with an API key: only a signed-in user has an address to verify. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiByoc: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration (configured: false before the first save). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Byoc"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    putApiByoc: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ByocRequest"];
            };
        };
        responses: {
            /** @description Saved; see `validation`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ByocSaved"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiByocCloudformation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template (Content-Disposition: attachment). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CloudFormationTemplate"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Save the role ARN and region first: that creates the ExternalId. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "byoc_setup_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiByocPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ByocPolicy"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiByocValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Validated; see `validation`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ByocValidation"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Nothing saved yet. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "byoc_setup_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domains. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDomainRequest"];
            };
        };
        responses: {
            /** @description Added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Already in this account, too many domains of the account await ownership verification, or a BYOC domain before BYOC validates. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "domain_exists" | "too_many_pending_domains" | "byoc_setup_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiDomainsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiDomainsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (warnings say what could not be removed from SES). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiDomainsNameVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Checked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainVerification"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The claim is released, or the TXT record was found but the name cannot be verified in this account; or a BYOC domain whose BYOC stopped validating. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "domain_unavailable" | "byoc_setup_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description DNS or SES could not answer; try again. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "provider_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiEmails: {
        parameters: {
            query?: {
                /** @description `next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one). */
                cursor?: string;
                /** @description Part of the sender address. */
                from?: string;
                /** @description Rows per page, 1 to 100 (default 25). */
                limit?: number;
                /** @description Part of the recipient address. */
                recipient?: string;
                /** @description ISO 8601; rows created at or after. */
                since?: string;
                /** @description queued, sent, delivered, bounced, complained or failed. */
                status?: "scheduled" | "canceled" | "queued" | "sent" | "delivered" | "bounced" | "complained" | "failed";
                /** @description Only messages with this tag: `name:value` (each 1 to 256 ASCII letters, digits, `_` or `-`). */
                tag?: string;
                /** @description ISO 8601; rows created before. */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiEmailsMessage_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailDetail"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such message in this account. Also for a send accepted an instant ago (its workflow writes the log row, usually within a second: poll), and always for a BYOC message (shared mode only has a log). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    patchApiEmailsMessage_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                message_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RescheduleRequest"];
            };
        };
        responses: {
            /** @description Moved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailSchedule"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description It has already left, or was cancelled. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_scheduled";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiEmailsMessage_idCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailSchedule"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description It has already left, or was cancelled. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_scheduled";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The open invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationRequest"];
            };
        };
        responses: {
            /** @description Invited (the email goes within the address’s hourly allowance of Postage’s emails). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description The role does not allow this, the invitation’s role is above the caller’s own, or (`unauthorized`) the account’s address is not verified (and the key and session rules of every operation). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account" | "unauthorized";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The address is already a member. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "already_member";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Too many invitations this hour (Retry-After), or members and open invitations together at the limit of 100. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiInvitationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `admin` role or above; no API key (a key acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current-account record. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountRecord"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Unexpected failure; retry later. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry with backoff (Retry-After). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiMembersUser_id: {
        parameters: {
            query?: {
                /** @description true: the account keeps the API keys the member made, and they act with the owner’s role from now on (default false: they are revoked). */
                keep_keys?: "true" | "false";
            };
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemovedMember"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description The role does not allow this, or the change would give a role above the caller’s own (and the key and session rules of every operation). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The member is the owner: transfer ownership first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "ownership_transfer_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    patchApiMembersUser_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberRoleRequest"];
            };
        };
        responses: {
            /** @description The member with the new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description The role does not allow this, or the change would give a role above the caller’s own (and the key and session rules of every operation). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The member is the owner: transfer ownership first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "ownership_transfer_required";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    send: {
        parameters: {
            query?: never;
            header?: {
                /** @description Alternative to the `idempotency_key` body field (both must agree when both are sent). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendRequest"];
            };
        };
        responses: {
            /** @description Queued (or, with `Idempotent-Replayed: true`, the replay of an earlier identical request). */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendResponse"];
                };
            };
            /** @description Invalid request: field errors. Bodies over 15728640 bytes, a missing or wrong Content-Type and non-JSON bodies land here too. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key (checked before anything else). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description A send gate refused the request. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "unauthorized" | "domain_not_registered" | "domain_not_verified" | "dkim_not_verified" | "domain_mode_mismatch" | "domain_not_allowed" | "sending_suspended";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The idempotency key was used with another body, or its first request is still in flight (then with Retry-After). */
            409: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "idempotency_key_reused" | "idempotency_key_in_progress";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The recipient is on the suppression list. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "recipient_suppressed";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description `usage_limit_exceeded`: the monthly quota is used up. Without an `error` code: more than 60 requests per minute for this key (with Retry-After). */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "usage_limit_exceeded";
                        /** @constant */
                        success: false;
                    } | components["schemas"]["PlainError"];
                };
            };
            /** @description Unexpected failure; retry later. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The message could not be staged, or the queue is unavailable; nothing was queued or counted. Retry with backoff. */
            502: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "attachment_upload_failed" | "queue_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description `byoc_not_configured`: BYOC sending is not configured or its role is unusable. `service_unavailable`: our database is unreachable, or the account already has its template renders running or waiting; nothing was queued or counted (with Retry-After). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "byoc_not_configured" | "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    sendBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the whole answer of an earlier batch with this key and the same body (kept when at least one email was queued). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Send requests (SendRequest, each checked on its own: one that is not valid is answered in its entry with field errors). */
                    emails: Record<string, never>[];
                };
            };
        };
        responses: {
            /** @description One entry per email, in request order (or, with `Idempotent-Replayed: true`, the replay of an earlier batch). */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendBatchResponse"];
                };
            };
            /** @description The body is not `{"emails": [...]}` with 1 to 100 objects, or is not JSON: nothing was queued. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired API key (checked before anything else). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description The idempotency key was used with another batch, or its first request is still in flight (then with Retry-After). */
            409: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "idempotency_key_reused" | "idempotency_key_in_progress";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description More than 60 requests per minute for this key (with Retry-After). */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Unexpected failure; retry later with the same Idempotency-Key. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry with the same Idempotency-Key (Retry-After). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiSuppressions: {
        parameters: {
            query?: {
                /** @description `next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one). */
                cursor?: string;
                /** @description Rows per page, 1 to 100 (default 25). */
                limit?: number;
                /** @description Part of the address. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuppressionList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiSuppressions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSuppressionRequest"];
            };
        };
        responses: {
            /** @description Already suppressed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuppressionAdded"];
                };
            };
            /** @description Added (200 when it was already there). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuppressionAdded"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiSuppressionsAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiSuppressionsAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiTemplates: {
        parameters: {
            query?: {
                /** @description `next_cursor` of the previous page, as it was given: any other text is a 400 on `cursor` (the cursor is opaque, so a schema cannot state which texts are one). */
                cursor?: string;
                /** @description Rows per page, 1 to 100 (default 25). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateRequest"];
            };
        };
        responses: {
            /** @description Created (not yet published). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Another template of the account has this alias. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "template_alias_exists";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiTemplatesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiTemplatesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description A scheduled message rendered from it still waits. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "template_in_use";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    patchApiTemplatesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateRequest"];
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Another template of the account has this alias. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "template_alias_exists";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiTemplatesIdPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PreviewTemplateRequest"];
            };
        };
        responses: {
            /** @description The rendered message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplatePreview"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No template with this id or alias in the account, or it has no published version `version`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The account made its template previews and test sends of this minute (60 by default), or already has its template renders running or waiting (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiTemplatesIdPublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Published. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiTemplatesIdTestSend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateTestSendRequest"];
            };
        };
        responses: {
            /** @description Queued; follow it in the email log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateTestSend"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description A management refusal, or a send gate (spec 7): the sender domain cannot send. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account" | "domain_not_registered" | "domain_not_allowed" | "unauthorized" | "sending_suspended" | "domain_not_verified" | "dkim_not_verified" | "domain_mode_mismatch";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The test recipient is on the suppression list. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "recipient_suppressed";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description `usage_limit_exceeded`: the month’s sends are used up. `too_many_requests`: the account made its template previews and test sends of this minute (60 by default; Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "usage_limit_exceeded" | "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Nothing was queued or counted; retry. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "queue_error" | "attachment_upload_failed";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Retry later (Retry-After: the database, or the account’s template renders all taken), or validate BYOC again. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable" | "byoc_not_configured";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiTemplatesIdVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    deleteApiWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    patchApiWebhooksId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookRequest"];
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    getApiWebhooksIdDeliveries: {
        parameters: {
            query?: {
                /** @description Rows per page, 1 to 100 (default 25). */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveries"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Any member of the account (every role), or a full_access API key. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiWebhooksIdDeliveriesDelivery_idReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Attempted (see `delivery.succeeded`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplayResult"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The endpoint is inactive. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "webhook_inactive";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The account sent its 10 test events or replays of this minute (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiWebhooksIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rotated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    postApiWebhooksIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestWebhookRequest"];
            };
        };
        responses: {
            /** @description Attempted (see `delivery.succeeded`; a failure without an HTTP answer says only its category in `delivery.error`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description Invalid body or query: field errors. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Not signed in and no valid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlainError"];
                };
            };
            /** @description Members with the `developer` role or above, or a full_access API key (which acts as a developer); anyone else gets `403 insufficient_role`. `insufficient_permission`: a sending key; a key asking for more permission or a wider domain scope than it has; a domain-scoped key on an account-wide resource (webhooks, BYOC, usage, suppression changes, new domains, members, the audit log). `csrf_token_invalid`: a session request without X-CSRF-Token. `plan_required`: webhooks need Growth or Pro. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "insufficient_permission" | "csrf_token_invalid" | "plan_required" | "insufficient_role" | "invitation_wrong_user" | "no_account";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description No such thing in this account (another account’s ids and names, and for a domain-scoped key those outside its scope, answer the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The endpoint is inactive. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "webhook_inactive";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The account sent its 10 test events of this minute (Retry-After). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "too_many_requests";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Our database is unreachable; retry (Retry-After). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
    sesEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/plain": string;
            };
        };
        responses: {
            /** @description Handled, confirmed, or acknowledged and ignored. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SesEventAnswer"];
                };
            };
            /** @description Not an SNS message. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "invalid_sns_message";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Not a topic Postage subscribed to, too old, or the signature does not verify. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "unexpected_topic" | "stale_message" | "invalid_signature";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Unexpected failure; SNS delivers it again. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The subscription could not be confirmed; SNS sends the confirmation again. */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "subscription_not_confirmed";
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description The signing certificate or Temporal is unavailable; SNS delivers it again. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                        /** @enum {unknown} */
                        error: "certificate_unavailable" | "queue_error";
                        /** @constant */
                        success: false;
                    };
                };
            };
        };
    };
}
