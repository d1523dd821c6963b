// The emails the sign-up and password-reset flows send (plain text: they carry one link each).
export interface SystemEmail {
  to: string;
  subject: string;
  text: string;
}

export interface AuthLinks {
  verifyEmail(token: string): string;
  resetPassword(token: string): string;
  signIn(): string;
  acceptInvitation(token: string): string;
}

export function verificationEmail(to: string, link: string): SystemEmail {
  return {
    to,
    subject: 'Confirm your Postage email address',
    text: `Welcome to Postage.\n\nConfirm this address to start sending:\n${link}\n\nThe link works once, for 24 hours. If you did not sign up, ignore this email.\n`,
  };
}

export function alreadyRegisteredEmail(to: string, links: { signIn: string; reset: string }): SystemEmail {
  return {
    to,
    subject: 'You already have a Postage account',
    text: `Someone (probably you) tried to sign up for Postage with this address, which already has an account.\n\nSign in: ${links.signIn}\nForgot the password? Choose a new one (the link works once, for 1 hour):\n${links.reset}\n\nIf this was not you, no action is needed.\n`,
  };
}

export function passwordResetEmail(to: string, link: string): SystemEmail {
  return {
    to,
    subject: 'Reset your Postage password',
    text: `Choose a new password with this link (it works once, for 1 hour):\n${link}\n\nChoosing a new password signs you out everywhere. If you did not ask for this, ignore this email.\n`,
  };
}

export function invitationEmail(
  to: string,
  invite: {
    accountName: string;
    invitedBy: string;
    role: string;
    link: string;
    hours: number;
    requireTwoFactor: boolean;
  },
): SystemEmail {
  const twoFactor = invite.requireTwoFactor
    ? '\n\nThis account requires two-factor sign-in: have an authenticator app ready; you will set it up when you first sign in.'
    : '';
  return {
    to,
    subject: `You are invited to ${invite.accountName || 'an account'} on Postage`,
    text: `${invite.invitedBy} invited you to join ${invite.accountName || 'their account'} on Postage as ${invite.role}.${twoFactor}\n\nAccept the invitation (the link works once, for ${invite.hours} hours):\n${invite.link}\n\nIf you do not know the sender, ignore this email.\n`,
  };
}

/** To the owner and each admin when the account's deletion is scheduled, and when it is cancelled (docs/privacy.md). */
export function accountDeletionEmail(
  to: string,
  input: { accountName: string; what: 'scheduled' | 'canceled'; dueAt: Date | null; link: string },
): SystemEmail {
  if (input.what === 'canceled')
    return {
      to,
      subject: `The deletion of ${input.accountName} on Postage was cancelled`,
      text: `The owner cancelled the deletion of the account ${input.accountName}. Nothing was deleted, and the account sends again.\n\nSign in: ${input.link}\n`,
    };
  return {
    to,
    subject: `${input.accountName} on Postage will be deleted`,
    text: `The owner asked to delete the account ${input.accountName}. It sends nothing from now on, and on ${input.dueAt?.toUTCString() ?? 'the end of the grace period'} everything it holds is deleted: its email log, received mail, templates, webhooks, keys and members.\n\nUntil then the owner can cancel the deletion in the dashboard (Settings, Delete account):\n${input.link}\n\nIf this was not expected, ask the owner.\n`,
  };
}

/** Links into the dashboard, which calls the API with the token. */
export function dashboardLinks(baseUrl: string): AuthLinks {
  const base = baseUrl.replace(/\/$/, '');
  return {
    verifyEmail: (token) => `${base}/verify-email?token=${encodeURIComponent(token)}`,
    resetPassword: (token) => `${base}/reset-password?token=${encodeURIComponent(token)}`,
    signIn: () => `${base}/sign-in`,
    acceptInvitation: (token) => `${base}/accept-invitation?token=${encodeURIComponent(token)}`,
  };
}
