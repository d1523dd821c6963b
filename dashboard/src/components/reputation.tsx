// The account's reputation as every page shows it (docs/reputation.md): rates in words and the
// banner while its sending is paused, saying why, since when and what to do.
import { Link, useLocation } from 'react-router';
import type { Session } from '../api';
import { useReputation } from '../queries';

/** A rate (a fraction) in percent: "1.2 %", "0.083 %" (complaint levels sit at hundredths of a percent). */
export const ratePercent = (rate: number) =>
  `${(rate * 100).toLocaleString('en', { maximumFractionDigits: rate < 0.01 ? 3 : 2 })} %`;

export const REPUTATION_PATH = '/reputation';

const since = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

/**
 * The session says whether sending is paused (GET /api/auth/session, `sending_suspended`); the
 * reputation answer says why and since when. On the reputation page its fresher answer counts too.
 */
export function SendingPausedBanner({ account }: { account: Session['account'] }) {
  const reputation = useReputation(account.sending_suspended);
  const location = useLocation();
  const sending = reputation.data?.sending;
  // The session is read once a minute; an answer of the reputation page is as fresh or fresher.
  if (!(sending ? sending.paused : account.sending_suspended)) return null;
  return (
    <div className="banner banner-bad" role="alert">
      <div>
        <p className="banner-title">
          <strong>Sending is paused</strong>
          {sending?.paused_at && (
            <>
              {' '}
              since <time dateTime={sending.paused_at}>{since.format(new Date(sending.paused_at))}</time>
            </>
          )}
          {sending?.reason ? `: ${sending.reason.replace(/\.$/, '')}.` : ', after too many bounces or complaints.'}
        </p>
        <p>
          Every email you send is refused until it is lifted. Remove the addresses that bounce or complain, send only to
          people who asked for your email, then ask Postage support to lift the pause.
          {location.pathname !== REPUTATION_PATH && (
            <>
              {' '}
              <Link to={REPUTATION_PATH}>See your bounce and complaint rates</Link>.
            </>
          )}
        </p>
      </div>
    </div>
  );
}
