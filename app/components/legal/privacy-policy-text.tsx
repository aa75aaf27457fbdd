import { Link } from "~/components/link";
import { SUPPORT_EMAIL } from "./support";

// The text of the privacy policy page, kept apart from its route (which only adds the title and meta).
export function PrivacyPolicyText() {
  return (
    <div className="rich-text mt-8">
      <p>
        This Privacy Policy explains what personal information Gridiron Playbook collects, why we collect it, who we
        share it with and the choices you have. We have tried to keep it short and plain. The short version: we
        collect only what we need to run the site and your membership, we don&rsquo;t sell your data, and we
        don&rsquo;t use analytics or advertising cookies.
      </p>

      <h2>1. Who we are</h2>
      <p>
        Gridiron Playbook (&ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;) is a membership website offering
        strategy videos for College Football 26 and Madden NFL 26. We are responsible for (the &ldquo;controller&rdquo;
        of) the personal information described in this policy. You can reach us at any time through our{" "}
        <Link to="/contact">contact page</Link> or at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Your
        use of the site is also governed by our <Link to="/terms-of-service">Terms of Service</Link>.
      </p>

      <h2>2. What we collect</h2>
      <h3>Account information</h3>
      <ul>
        <li>Your name and e-mail address.</li>
        <li>
          Your password, which we never store as plain text. We keep only a salted hash of it, so even we
          can&rsquo;t read your password.
        </li>
        <li>An avatar image, if you choose to upload one.</li>
        <li>
          If you sign in with Discord or Google, the identifier of your account with that provider and the basic
          profile details it shares with us (typically your name, e-mail address and profile picture). We never
          receive your Discord or Google password.
        </li>
      </ul>

      <h3>Subscription information</h3>
      <p>
        When you buy a membership, our payment processor Stripe tells us your plan (monthly or yearly), the status of
        your subscription, its start, renewal and end dates, and your Stripe customer and subscription identifiers.{" "}
        <strong>We never receive or store your card number</strong>: you enter your card details directly with
        Stripe, which holds them.
      </p>

      <h3>Content you create</h3>
      <p>
        Comments you post (shown with your display name), ratings you give, videos you save as favourites, and tips you
        submit to us.
      </p>

      <h3>Messages you send us</h3>
      <p>
        When you use the contact form or e-mail us, we receive your name, your e-mail address and whatever you write
        in your message.
      </p>

      <h3>Technical information</h3>
      <ul>
        <li>
          Your IP address, which we use for security, for example to limit repeated failed login, sign-up and
          password-reset attempts. These throttling records expire automatically, usually within an hour.
        </li>
        <li>The cookies that keep you signed in and the site working (see section 5).</li>
        <li>
          Like any website, our hosting provider processes standard request information (such as IP address, browser
          type and the pages requested) in order to deliver the site and protect it against abuse.
        </li>
      </ul>

      <h2>3. How we use your information</h2>
      <ul>
        <li>To create and run your account and sign you in, including with Discord or Google if you choose.</li>
        <li>To provide the membership: check that you have access, manage renewals and cancellations, and process refunds.</li>
        <li>
          To send you service e-mails, such as address confirmation, password resets, receipts and important changes to
          your membership or to our terms. We don&rsquo;t send marketing e-mails unless you have asked to receive them,
          and you can opt out at any time.
        </li>
        <li>To show your comments, ratings and favourites, and to review, moderate and, with credit, feature tips you submit.</li>
        <li>To answer your messages and support requests.</li>
        <li>To keep the Service secure, prevent fraud, account sharing and abuse, and enforce our Terms.</li>
        <li>To meet our legal obligations, for example keeping records for tax purposes.</li>
      </ul>
      <p>
        We don&rsquo;t sell your personal information, we don&rsquo;t share it for advertising, and we don&rsquo;t
        use it to build advertising profiles.
      </p>

      <h2>4. Legal bases</h2>
      <p>
        Where data protection laws such as the GDPR or UK GDPR apply, we rely on the following legal bases:
      </p>
      <ul>
        <li>
          <strong>Contract:</strong> to create your account, provide the membership, take payments and provide the
          features you use.
        </li>
        <li>
          <strong>Legitimate interests:</strong> to keep the Service secure (such as limiting failed logins), prevent
          abuse, moderate content, answer messages and improve the Service. We only rely on this where our interests
          are not outweighed by your rights.
        </li>
        <li>
          <strong>Legal obligation:</strong> to keep accounting and tax records and to respond to lawful requests.
        </li>
        <li>
          <strong>Consent:</strong> for optional things, such as uploading an avatar or signing in with Discord or
          Google. You can withdraw your consent at any time.
        </li>
      </ul>

      <h2>5. Cookies</h2>
      <p>
        We use only a small number of cookies, and all of them are <strong>strictly necessary</strong> for the site to
        work. Because of that, we don&rsquo;t show a cookie consent banner.{" "}
        <strong>We don&rsquo;t use analytics, advertising or tracking cookies</strong>, and we don&rsquo;t let third
        parties place them through our site.
      </p>
      <ul>
        <li>
          <strong>Session cookie</strong> (<code>session</code>): keeps you signed in. It is HttpOnly, so scripts on
          the page can&rsquo;t read it, and it contains only a random token. It expires after 30 days without use and
          in any case after 90 days, or when you sign out.
        </li>
        <li>
          <strong>Flash message cookie</strong> (<code>toast</code>): carries a one-time message, such as &ldquo;Signed
          in successfully&rdquo;, from one page to the next. It lasts at most 60 seconds and is deleted as soon as the
          message has been shown.
        </li>
        <li>
          <strong>Known-browser cookie</strong> (<code>gp_device</code>): set when you sign in with your password. It
          contains only a random token, and lets this browser sign you in even while your network&rsquo;s address is
          blocked because of someone else&rsquo;s failed logins (a campus or a shared connection). It lasts one year.
          We keep, for the same year, which accounts signed in with it, as a hash of the e-mail address, never the
          address itself.
        </li>
        <li>
          <strong>Up-to-date cookie</strong> (<code>d1_bookmark</code>): after you change something (a comment, a
          setting, a sent message), makes sure the next pages you open already show your change. It holds only a
          position in our database, nothing about you, and lasts one hour.
        </li>
        <li>
          <strong>Unsent form cookie</strong> (<code>gp_kept_form</code>): set only when you send a form after your
          session ended, so that what you typed comes back after you sign in again. It contains only a random token;
          the text is kept on our side for at most 2 hours and deleted once it is back in the form.
        </li>
        <li>
          <strong>Sign-in security cookies</strong> (<code>oauth_state</code>, <code>oauth_verifier</code> and{" "}
          <code>oauth_return</code>): set only when you sign in with Discord or Google, to protect the sign-in against
          forgery and to bring you back to the page you came from. They last at most 10 minutes and are deleted when
          sign-in finishes.
        </li>
        <li>
          <strong>Discord link cookies</strong> (<code>discord_link_state</code> and{" "}
          <code>discord_link_verifier</code>): set only when you connect your Discord account in Account Settings, for
          the same protection. They last at most 10 minutes and are deleted when the connection finishes.
        </li>
      </ul>
      <p>
        Some videos are played through embedded players from YouTube (in its privacy-enhanced mode) or Vimeo. When you
        play one of these videos, that provider receives your IP address and may store information on your device under
        its own privacy policy. You can block cookies in your browser settings, but then you won&rsquo;t be able to
        sign in.
      </p>

      <h2>6. Who we share it with</h2>
      <p>
        We share personal information only with service providers (&ldquo;processors&rdquo;) that help us run the
        Service, and only as much as they need to do their job:
      </p>
      <ul>
        <li>
          <strong>Cloudflare</strong> hosts the site and stores our data (Workers, D1 database, R2 file storage and KV
          storage), and protects the site against attacks.
        </li>
        <li>
          <strong>Stripe</strong> processes payments and manages subscriptions. Stripe collects your card details
          directly and is responsible for them under its own privacy policy.
        </li>
        <li>
          <strong>An e-mail delivery provider</strong> sends our service e-mails (such as confirmations, password
          resets and replies) on our behalf. It receives your e-mail address and the content of those e-mails.
        </li>
        <li>
          <strong>Discord and Google</strong>, only if you choose to sign in with them. They confirm your identity to
          us under their own privacy policies.
        </li>
      </ul>
      <p>
        We may also disclose information if the law requires it, to protect our rights or the safety of our members, or
        as part of a merger or sale of our business, in which case this policy would continue to apply to your data.
        Your display name, comments and average ratings are visible to other visitors of the site.
      </p>

      <h2>7. How long we keep it</h2>
      <ul>
        <li>
          <strong>Account information and your content</strong> are kept while your account is open. When you delete
          your account (&lsquo;Delete account&rsquo; in Account Settings), it is deleted at once with your gameplans,
          progress, favourites, ratings, tips, notifications and contact messages; your comments stay, shown as
          written by &ldquo;Former member&rdquo;, without your name or a link to you. If you ask us to delete it
          instead, we do so within 30 days. We keep only what the reasons below require.
        </li>
        <li>
          <strong>Subscription and payment records</strong> are kept for as long as tax and accounting laws require,
          typically up to 7 years.
        </li>
        <li>
          <strong>Contact messages</strong> are kept for up to 2 years after the conversation ends, so we can follow
          up on the same issue, or until you delete your account.
        </li>
        <li>
          <strong>Security data</strong> such as throttling records expires automatically, usually within an hour;
          the record of which accounts a browser signed in to expires after a year. Sessions and cookies expire as
          described in section 5.
        </li>
        <li>Backups are overwritten on a rolling basis, so deleted data may remain in them for a short time.</li>
      </ul>

      <h2>8. Security</h2>
      <p>We take reasonable technical and organisational measures to protect your information, including:</p>
      <ul>
        <li>passwords stored only as salted hashes using a deliberately slow hashing algorithm;</li>
        <li>HTTPS encryption for all traffic between your browser and our site;</li>
        <li>HttpOnly session cookies, with only a hash of each session token stored on our side;</li>
        <li>all your other sessions are signed out when you change or reset your password;</li>
        <li>limits on repeated login and password-reset attempts;</li>
        <li>access to personal data restricted to people who need it to run the Service.</li>
      </ul>
      <p>
        No system is perfectly secure, so please use a strong, unique password. If we ever become aware of a breach
        that affects your personal information, we will tell you and the relevant authorities as the law requires.
      </p>

      <h2>9. Your rights</h2>
      <p>Depending on where you live, you may have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> the personal information we hold about you;
        </li>
        <li>
          <strong>correct</strong> information that is inaccurate or incomplete (you can update much of it yourself in{" "}
          <Link to="/account-settings">Account Settings</Link>);
        </li>
        <li>
          <strong>delete</strong> your account and personal information;
        </li>
        <li>
          <strong>export</strong> your information in a common, machine-readable format;
        </li>
        <li>object to or ask us to restrict certain uses, and withdraw any consent you have given.</li>
      </ul>
      <p>
        You can download a copy of your information (&lsquo;Download my data&rsquo;) and delete your account yourself
        in <Link to="/account-settings">Account Settings</Link>. To exercise any of the other rights, or if you
        prefer, contact us through our <Link to="/contact">contact page</Link> or e-mail{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the address on your account. We may need to
        confirm your identity before acting on a request. We will respond within 30 days, and we won&rsquo;t charge
        you or treat you differently for exercising your rights. If you are in the EU, the UK or another place with a
        data protection authority, you also have the right to complain to that authority, though we&rsquo;d
        appreciate the chance to sort things out with you first.
      </p>

      <h2>10. Children</h2>
      <p>
        Gridiron Playbook is not directed to children under 13, and we don&rsquo;t knowingly collect personal
        information from them. If you believe a child under 13 has given us personal information, please contact us
        and we will delete it. Members under the age of majority need a parent&rsquo;s or guardian&rsquo;s permission
        to buy a membership, as explained in our <Link to="/terms-of-service">Terms of Service</Link>.
      </p>

      <h2>11. International transfers</h2>
      <p>
        We and our service providers may process your information in the United States and other countries,
        including on Cloudflare&rsquo;s global network close to where you connect from. These countries may
        have different data protection laws from yours. Where the law requires it, we rely on appropriate safeguards
        for these transfers, such as the European Commission&rsquo;s Standard Contractual Clauses or a provider&rsquo;s
        certification under the EU-U.S. Data Privacy Framework.
      </p>

      <h2>12. Changes to this policy</h2>
      <p>
        We may update this policy from time to time, for example when we add features or change providers. We will
        post the new version on this page and update the &ldquo;Last updated&rdquo; date. If a change is significant,
        we will tell you by e-mail or with a notice on the site before it takes effect.
      </p>

      <h2>13. Contact us</h2>
      <p>
        If you have questions about this policy or how we handle your information, or you want to exercise your rights,
        get in touch through our <Link to="/contact">contact page</Link> or e-mail{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}
