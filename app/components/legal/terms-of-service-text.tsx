import { Link } from "~/components/link";
import { SUPPORT_EMAIL } from "./support";

// The text of the terms of service page, kept apart from its route (which only adds the title and meta).
export function TermsOfServiceText() {
  return (
    <div className="rich-text mt-8">
      <p>
        These Terms of Service (the &ldquo;Terms&rdquo;) are an agreement between you and Gridiron Playbook
        (&ldquo;we&rdquo;, &ldquo;us&rdquo; or &ldquo;our&rdquo;). They cover our website and our strategy videos for
        College Football 26 and Madden NFL 26 (together, the &ldquo;Service&rdquo;).
      </p>
      <p>
        By creating an account, buying a membership or otherwise using the Service, you agree to these Terms. If you
        don&rsquo;t agree, please don&rsquo;t use the Service. Our <Link to="/privacy-policy">Privacy Policy</Link>{" "}
        explains how we handle your personal information and is part of these Terms.
      </p>

      <h2>1. Eligibility and accounts</h2>
      <ul>
        <li>
          You must be at least 13 years old to create an account. If you are under the age of majority where you
          live, you may only use the Service, and buy a membership, with the permission of a parent or legal
          guardian who agrees to these Terms on your behalf.
        </li>
        <li>
          You can sign up with an e-mail address and password, or sign in with Discord or Google. Please give us
          accurate information and keep your e-mail address up to date.
        </li>
        <li>
          <strong>One person per account.</strong> Your account is personal to you. It may not be shared with,
          transferred to or sold to anyone else.
        </li>
        <li>
          <strong>Keep your password safe.</strong> You are responsible for everything that happens under your
          account. Use a strong password that you don&rsquo;t use anywhere else, and tell us straight away at{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has accessed your account.
        </li>
        <li>
          We may suspend or close accounts that break these Terms, as explained in section 10.
        </li>
      </ul>

      <h2>2. The membership</h2>
      <p>
        Some of our content is free. The full library requires a premium membership, available on two plans:
      </p>
      <ul>
        <li>
          <strong>Monthly:</strong> US$14.95 per month.
        </li>
        <li>
          <strong>Yearly:</strong> US$125 per year.
        </li>
      </ul>
      <p>Taxes may be added where the law requires it.</p>
      <ul>
        <li>
          <strong>Automatic renewal.</strong> Your membership renews automatically at the end of each billing period
          for another period of the same length, and we charge your saved payment method at the price that applies at
          that time. This continues until you cancel.
        </li>
        <li>
          <strong>Cancel anytime.</strong> You can cancel whenever you like from{" "}
          <Link to="/account-settings">Account Settings</Link>. Cancelling stops future renewals. You keep premium
          access until the end of the period you have already paid for, and you won&rsquo;t be charged again.
        </li>
        <li>
          <strong>Content changes.</strong> Games get patches and title updates, so we regularly add, update and
          retire videos and features. We can&rsquo;t promise that any particular video or feature will stay
          available, but we work hard to keep the library current.
        </li>
      </ul>

      <h2>3. Payments, refunds and price changes</h2>
      <p>
        Payments are processed by Stripe. When you subscribe, you enter your card details directly with Stripe; we
        never see or store your full card number. By subscribing, you authorise us, through Stripe, to charge your
        payment method at the start of each billing period until you cancel. If a renewal payment can&rsquo;t be
        collected, your premium access may end.
      </p>
      <p>
        <strong>Payments are non-refundable except as required by law</strong>, including for partly used periods,
        with one exception: the money-back guarantee below.
      </p>
      <p>
        <strong>7-day money-back guarantee.</strong> If you aren&rsquo;t happy with your first purchase, we&rsquo;ll
        give you a full refund. Just ask within 7 days of your first payment, either through our{" "}
        <Link to="/contact">contact page</Link> or by e-mailing{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the address on your account. We will refund that
        first payment to the original payment method and end your premium access. The guarantee covers only the first
        payment for your first membership. It does not apply to renewals or to later memberships.
      </p>
      <p>
        <strong>Price changes.</strong> We may change our prices from time to time. If the price of your plan goes
        up, we will e-mail you at least 30 days before the new price applies to you. The new price takes effect at
        your first renewal after that notice; if you don&rsquo;t want to pay it, you can cancel before then. A price
        change never affects a period you have already paid for.
      </p>

      <h2>4. Acceptable use</h2>
      <p>When you use the Service, you agree not to:</p>
      <ul>
        <li>share your account or login details, or let other people watch member content through your account;</li>
        <li>
          download, record, scrape, copy, re-upload, sell or otherwise redistribute our videos or other member
          content, or use bots or other automated tools to access the Service;
        </li>
        <li>
          get around our paywall, access controls or security measures, or try to attack or overload the Service;
        </li>
        <li>
          post comments or tips that are abusive, harassing, hateful, threatening, obscene or spam, impersonate
          anyone, or share other people&rsquo;s personal information;
        </li>
        <li>
          promote, share or sell cheats, hacks or exploits, meaning techniques that rely on glitches, bugs, modified
          game files or third-party tools to gain an unfair advantage, or anything else that breaks the games&rsquo;
          own rules. Strong plays and schemes that work within the rules of the game are exactly what we&rsquo;re
          here for;
        </li>
        <li>post anything illegal, anything that infringes someone else&rsquo;s rights, or advertising we haven&rsquo;t agreed to;</li>
        <li>use the Service in any way that breaks the law.</li>
      </ul>

      <h2>5. Your content</h2>
      <p>
        Comments, ratings and tips you submit are &ldquo;User Content&rdquo;. <strong>You keep ownership</strong> of
        your User Content.
      </p>
      <p>
        By posting or submitting User Content, you give us a worldwide, non-exclusive, royalty-free licence to host,
        display and distribute it in connection with the Service, to edit it (for example for length, clarity or
        formatting) and to feature it, for example by highlighting a tip in a video or article. When we feature your
        content, we credit you by your display name. Once content is deleted we stop using it, although it may remain
        briefly in backups, and a tip already featured in a published video may stay in that video.
      </p>
      <p>
        You confirm that you have the right to post your User Content and that it doesn&rsquo;t break these Terms or
        anyone else&rsquo;s rights.
      </p>
      <p>
        We may moderate, edit, hide or remove User Content, or decline to publish a tip, at our discretion, especially
        where it breaks these Terms. User Content reflects the views of its author, not ours. Submitting a tip
        doesn&rsquo;t oblige us to use it or pay for it.
      </p>

      <h2>6. Intellectual property</h2>
      <p>
        Our videos, write-ups, playbooks, diagrams, graphics, logos, site design and software belong to us or to our
        licensors and are protected by copyright and other laws. The name &ldquo;Gridiron Playbook&rdquo; and our
        logo are our trademarks.
      </p>
      <p>
        While you follow these Terms (and, for member content, have an active membership), we give you a limited,
        personal, non-transferable and revocable licence to stream and view our content for your own non-commercial
        use. Using what you learn in your own games is the whole point, but you may not copy or republish the content
        itself. If you send us feedback about the Service, we may use it freely.
      </p>

      <h2>7. Third-party services and trademarks</h2>
      <p>
        College Football 26, Madden NFL 26 and EA SPORTS are trademarks of Electronic Arts Inc. NFL, NCAA, team and
        school names are trademarks of their respective owners. We use these names only to say which games our
        content is about.
      </p>
      <p>
        <strong>
          Gridiron Playbook is an independent strategy resource. We are not affiliated with, sponsored by or endorsed
          by Electronic Arts, EA Sports, the NFL, the NCAA or any team or school.
        </strong>
      </p>
      <p>
        Services from other companies, such as Stripe for payments and Discord and Google for optional sign-in, are
        governed by their own terms and privacy policies, and we aren&rsquo;t responsible for them.
      </p>

      <h2>8. Disclaimers</h2>
      <p>
        Our content is strategy advice for video games, provided for entertainment and educational purposes.
        Patches and roster updates can change how plays work, and your results depend on your own skill, your
        opponents and your settings.{" "}
        <strong>We do not guarantee any particular result</strong>, such as wins, rankings, tournament success or
        in-game rewards.
      </p>
      <p>
        To the fullest extent permitted by law, the Service is provided &ldquo;as is&rdquo; and &ldquo;as
        available&rdquo;, without warranties of any kind, express or implied, including warranties of
        merchantability, fitness for a particular purpose and non-infringement. We don&rsquo;t promise that the
        Service will be uninterrupted or error-free.
      </p>

      <h2>9. Limitation of liability</h2>
      <p>To the fullest extent permitted by law:</p>
      <ul>
        <li>
          we are not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss
          of profits, data, goodwill, or in-game items or currency, arising out of or relating to the Service; and
        </li>
        <li>
          our total liability for all claims relating to the Service is limited to the greater of (a) the amount you
          paid us for the Service in the 12 months before the event giving rise to the claim and (b) US$50.
        </li>
      </ul>
      <p>
        These limits apply only as far as the law allows. Nothing in these Terms limits liability that cannot be
        limited by law, or takes away consumer rights that cannot be waived.
      </p>


      <h2>10. Suspension and termination</h2>
      <p>
        You can close your account at any time with &lsquo;Delete account&rsquo; in{" "}
        <Link to="/account-settings">Account Settings</Link>, or by contacting us through the{" "}
        <Link to="/contact">contact page</Link> or at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Closing
        your account cancels an active membership at once and ends premium access; the refund rules in section 3 still
        apply.
      </p>
      <p>
        We may suspend or terminate your account, or limit your access to the Service, if you break these Terms (for
        example by sharing your account or redistributing our videos), if the law requires it, or if your use puts
        the Service or other members at risk. Where reasonable, we will warn you first. If we terminate your account
        for a serious or repeated breach, you will not receive a refund. Sections 5 to 9 and 12 continue to apply
        after your account ends.
      </p>

      <h2>11. Changes to these Terms</h2>
      <p>
        We may update these Terms from time to time. We will post the new version on this page and update the
        &ldquo;Last updated&rdquo; date. If a change is significant, we will tell you by e-mail or with a notice on the
        site at least 14 days before it takes effect. If you keep using the Service after that, you accept the new
        Terms; if you don&rsquo;t agree, you can cancel your membership and stop using the Service.
      </p>

      <h2>12. Governing law and disputes</h2>
      <p>
        These Terms are governed by the laws of the State of New York, USA, without regard to its conflict-of-law
        rules. Any dispute arising out of or relating to these Terms or the Service will be heard exclusively in the
        state or federal courts located in New York County, New York, and you and we agree to the jurisdiction of
        those courts. If you live outside the United States, this doesn&rsquo;t take away any mandatory consumer
        protection that the law of your country gives you. Before going to court, please contact us first: most
        problems can be solved quickly.
      </p>
      <p>
        If any part of these Terms is found to be unenforceable, the rest remains in effect. These Terms and our
        Privacy Policy are the whole agreement between you and us about the Service.
      </p>

      <h2>13. Contact us</h2>
      <p>
        Questions about these Terms, a refund request or anything else? Get in touch through our{" "}
        <Link to="/contact">contact page</Link> or e-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}
