// Demo seed data: content library (schemes with formations and plays, pro tips, gameplay, lab
// sessions), blog posts, testimonials, comments, ratings, favorites and member-submitted tips.
// Pure data: db/seed.ts inserts it. Image names refer to files in db/seed-images/.
// Video links are demo placeholders, except the one self-hosted play clip per game
// ("media/videos/sample-play.mp4", made from db/seed-images/sample-play.mp4).

import type { GAMEPLAN_SITUATIONS } from "./enums.ts";

export type SeedPlay = {
  slug: string;
  title: string;
  description: string;
  image: string;
  videoProvider: "youtube" | "vimeo" | "custom";
  videoUrl: string;
  runtime: string;
  /** Situations the play suits; searchable and offered as filters. */
  tags: string[];
};

export type SeedFormation = {
  slug: string;
  title: string;
  /** May contain simple HTML: <p>, <strong>, <ul><li>. */
  description: string;
  image: string;
  plays: SeedPlay[];
};

export type SeedContent = {
  slug: string;
  title: string;
  description: string;
  type: "meta-scheme" | "off-meta-scheme" | "pro-tip" | "gameplay" | "lab-sessions";
  game: "college" | "madden";
  difficulty: "beginner" | "intermediate" | "advanced";
  requiredTier: "free" | "premium";
  isPublished: boolean;
  thumbnail: string;
  videoUrl: string;
  tags: string[];
  runtime: string;
  /** Creation date offset from seeding time, in days; distinct across items. */
  daysAgo: number;
  views: number;
  formations: SeedFormation[];
};

export type SeedBlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown: **bold**, *italic*, ## and ### headings, "- " items, "> " quotes, [links](https://...). */
  content: string;
  category: "updates" | "announcements" | "news";
  image: string;
  isPublished: boolean;
  daysAgo: number;
};

export type SeedTestimonial = {
  name: string;
  title: string | null;
  content: string;
  rating: number;
  sortOrder: number;
};

export type SeedAuthor = "premium" | "admin" | "superadmin" | "free" | "expired";
export type SeedStaffOrPremium = "premium" | "admin" | "superadmin";

const yt = (id: string): string => `https://www.youtube.com/watch?v=${id}`;
const vimeo = (id: number): string => `https://vimeo.com/${id}`;
const text = (...paragraphs: string[]): string => paragraphs.join("\n\n");

const SAMPLE_VIDEO = "media/videos/sample-play.mp4";

/** Situational tags of the plays, by slug (a play of the same name suits the same situations). */
const PLAY_TAGS: Record<string, string[]> = {
  "inside-zone-bubble": ["vs zone", "vs blitz"],
  stick: ["vs zone", "3rd and short"],
  "four-verticals": ["vs zone", "3rd and long"],
  mesh: ["vs man", "3rd and short"],
  "mesh-spot": ["vs man", "vs zone"],
  snag: ["vs zone", "red zone"],
  "bunch-verticals": ["vs zone", "3rd and long"],
  "bunch-stick": ["vs man", "3rd and short"],
  "zone-read": ["vs man"],
  counter: ["goal line"],
  "counter-read": ["goal line", "vs man"],
  "pa-boot": ["vs man", "red zone"],
  "pa-boot-over": ["vs man", "red zone"],
  "pa-boot-cross": ["vs zone", "3rd and long"],
  "pa-wheel": ["vs man"],
  "pa-post": ["vs zone", "3rd and long"],
  "pa-deep-cross": ["vs zone", "3rd and long"],
  slants: ["vs blitz", "vs man"],
  "quick-slants": ["vs blitz", "vs man"],
  spacing: ["vs zone", "vs blitz"],
  "te-seam-verts": ["vs zone", "3rd and long"],
  "bubble-rpo": ["vs blitz"],
  "hb-inside-zone": ["goal line"],
  "inside-zone": ["goal line"],
  "inside-zone-split": ["goal line"],
  power: ["goal line", "red zone"],
  "power-read": ["goal line", "red zone"],
  duo: ["goal line"],
  "triple-option": ["vs man"],
  "midline-option": ["vs man", "3rd and short"],
  "speed-option": ["vs man"],
  "cover-3-match": ["3rd and long"],
  "cover-3-sky": ["red zone"],
  "cover-1-robber": ["red zone", "3rd and short"],
  "cover-2-man": ["3rd and long"],
  "2-man-under": ["3rd and long", "two-minute"],
  "cover-4-quarters": ["3rd and long", "two-minute"],
  "cover-4-drop": ["3rd and long", "two-minute"],
  "cover-6": ["two-minute"],
  "tite-mid-blitz": ["blitz", "3rd and long"],
  "mid-blitz": ["blitz", "3rd and long"],
  "nickel-sim-pressure": ["blitz", "3rd and long"],
  "sugar-a-gap-blitz": ["blitz", "3rd and short"],
  "odd-sam-blitz": ["blitz", "red zone"],
  "dollar-fire-zone": ["blitz", "3rd and long"],
};

function play(
  slug: string,
  title: string,
  image: string,
  video: string,
  runtime: string,
  paragraphs: string[],
): SeedPlay {
  const videoProvider = video === SAMPLE_VIDEO ? "custom" : video.includes("vimeo.com") ? "vimeo" : "youtube";
  return { slug, title, description: text(...paragraphs), image, videoProvider, videoUrl: video, runtime, tags: PLAY_TAGS[slug] ?? [] };
}

// ---------------------------------------------------------------------------------------------
// College Football 26
// ---------------------------------------------------------------------------------------------

const cfbSpreadRpo: SeedContent = {
  slug: "cfb26-spread-rpo-attack",
  title: "Spread RPO Attack: The CFB 26 Meta Offense",
  description: text(
    "The most efficient offense in College Football 26 right now: a spread RPO system that puts one defender in conflict on every snap. You read one player, the ball comes out on time, and the defense is always wrong. It is the spread option game built for the CFB 26 engine.",
    "Three formations, nine plays, one set of rules. We start with the zone-read and bubble RPO from Gun Trips TE, move to the Gun Bunch pass game for third downs, and finish with Pistol Strong for the red zone and four-minute offense.",
  ),
  type: "meta-scheme",
  game: "college",
  difficulty: "beginner",
  requiredTier: "free",
  isPublished: true,
  thumbnail: "thumb-spread-attack.png",
  videoUrl: yt("Rk3vXq9LmT2"),
  tags: ["offense", "rpo", "spread", "zone read", "vs zone", "red zone", "Oregon playbook", "cfb26"],
  runtime: "18:42",
  daysAgo: 3,
  views: 4812,
  formations: [
    {
      slug: "gun-trips-te",
      title: "Gun Trips TE",
      description:
        "<p><strong>Gun Trips TE</strong> is the base set of the scheme. Three receivers to the field force the defense to declare its coverage, and the attached tight end gives you a sixth blocker on the boundary side.</p><ul><li>Count the box: six or fewer, hand it off</li><li>Nickel walked out over the slot means the run is open</li><li>Two-high shell: take the stick or the seams</li></ul>",
      image: "formation-gun-trips-te.png",
      plays: [
        play("inside-zone-bubble", "Inside Zone Bubble RPO", "play-inside-zone.png", yt("aP7cW2nQ8Ld"), "2:14", [
          "The bread-and-butter RPO. The line blocks inside zone, the number 3 receiver runs the bubble, and you read the overhang defender to the trips side.",
          "Key: if the nickel or apex linebacker steps down into the box, throw the bubble immediately. If he widens with the bubble, hand it off and let the back press the A-gap.",
          "Call it on first and ten against any single-high look. It struggles against a cover-2 shell with a squatting corner, so check to stick when both safeties are at 12 yards.",
        ]),
        play("stick", "Stick", "play-stick.png", yt("Jm4Tq0ZvB1s"), "1:58", [
          "Stick is your third-and-short answer. The number 2 receiver runs to six yards and settles in the window, the number 3 goes to the flat, and the outside receiver clears the corner with a fade.",
          "Read the flat defender. If he sinks under the stick, throw the flat; if he jumps the flat, the stick is open right away. Throw it before the receiver turns his head.",
          "It gets beaten by cover-2 with a robber sitting at five yards. Against that look, hot-route the stick to a drag and throw it away from the robber.",
        ]),
        play("four-verticals", "Four Verticals", "play-four-verticals.png", vimeo(871204563), "2:31", [
          "The shot play. Every receiver goes vertical and the tight end runs the seam. Against cover 3, the deep-middle safety cannot cover two seams at once.",
          "Key: watch the middle-of-the-field safety. He will pick a side; throw the seam he leaves. A lob to the outside receiver is the check-down against cover 1.",
          "Do not call it against cover 4 or quarters: the safeties will sit on the seams. Save it for after the defense starts stepping down to stop your bubble.",
        ]),
      ],
    },
    {
      slug: "gun-bunch",
      title: "Gun Bunch",
      description:
        "<p><strong>Gun Bunch</strong> is the pass-game formation. Stacking three receivers creates natural picks against man coverage and floods one zone against cover 3.</p><ul><li>Go-to set on third and medium</li><li>Motion the running back out to check for man coverage</li></ul>",
      image: "formation-gun-bunch.png",
      plays: [
        play("mesh", "Mesh", "play-mesh.png", SAMPLE_VIDEO, "0:07", [
          "Two shallow crossers meet over the center and rub off each other. This is the best man-beater in the game and it is safe against zone too.",
          "Read it left to right: the crosser going away from the linebacker first, then the sit route over the middle, then the back in the flat. The ball should be out by the time the crossers pass each other.",
          "If the defense drops a hook defender into the middle at four yards, the crossers get jammed; throw the corner route from the point man instead.",
        ]),
        play("snag", "Snag", "play-stick.png", yt("Hx2pR7cYt9E"), "2:03", [
          "A triangle read against the flat and the curl defender: corner on top, snag underneath at five yards, and the back in the flat.",
          "If the corner squats on the flat, throw the corner route over his head. If he bails, you have the snag or the flat. Easy reads, easy completions.",
          "Cover 2 with a sinking corner takes away the corner route; go straight to the snag.",
        ]),
        play("bunch-verticals", "Bunch Verticals", "play-four-verticals.png", yt("tB8kN3wQe5M"), "2:22", [
          "Verticals out of a condensed split. The bunch releases on different landmarks so the corner and nickel cannot carry all three.",
          "Key the deep safety to the bunch side. If he widens, the inside seam is wide open; if he stays, hit the outside receiver on the back shoulder.",
        ]),
      ],
    },
    {
      slug: "pistol-strong",
      title: "Pistol Strong",
      description:
        "<p><strong>Pistol Strong</strong> adds a fullback to the read game. Use it in the red zone and to close out games.</p><ul><li>Downhill runs with a lead blocker</li><li>Play-action off the same look</li></ul>",
      image: "formation-pistol-strong.png",
      plays: [
        play("zone-read", "Zone Read", "play-inside-zone.png", yt("Lw6sD1vKp0A"), "1:49", [
          "Leave the backside end unblocked and read him. If he crashes down on the back, pull it and keep. If he stays home, give.",
          "Hold the read button until the end commits; pulling early lets him recover. Your fullback leads to the play side and picks up the linebacker.",
          "A defender with QB contain on the edge takes the keep away, so give it every time you see one.",
        ]),
        play("counter", "Counter", "play-inside-zone.png", yt("cE9nF4hUo3R"), "2:05", [
          "The backside guard pulls and kicks out the end, the fullback wraps through for the linebacker. The back takes one step away then cuts back behind the pullers.",
          "Call it when the defense over-pursues your inside zone. Follow the pulling guard and do not bounce it.",
        ]),
        play("pa-boot", "PA Boot", "play-pa-boot.png", vimeo(902337418), "2:17", [
          "The play-action boot off the zone look. The quarterback fakes to the back, rolls right, and reads the drag, the flat and the deep over route.",
          "Read high to low: the over route first against cover 3, then the flat, then the drag. Get outside the pocket before you throw.",
          "It dies against a blitz off the edge; check to a quick pass if you see a defender lined up outside the tight end.",
        ]),
      ],
    },
  ],
};

const cfbTiteDefense: SeedContent = {
  slug: "cfb26-335-tite-defense",
  title: "3-3-5 Tite Defense: Cover 3 Match and Mid Pressure",
  description: text(
    "The defense that stops the spread. Three down linemen squeeze the interior gaps, two hybrid safeties match the slots, and you bring pressure up the middle without giving up the deep ball.",
    "We cover the base Tite front, the Nickel 2-4-5 Even for passing downs, and the Split look that disguises our blitzes. Every play comes with the user assignment and the adjustments to make pre-snap.",
  ),
  type: "meta-scheme",
  game: "college",
  difficulty: "intermediate",
  requiredTier: "premium",
  isPublished: true,
  thumbnail: "thumb-lockdown-defense.png",
  videoUrl: yt("dT5hV8zMq2W"),
  tags: ["defense", "3-3-5", "cover 3", "blitz", "3rd and long", "Iowa State playbook", "cfb26"],
  runtime: "22:10",
  daysAgo: 11,
  views: 3175,
  formations: [
    {
      slug: "335-tite",
      title: "3-3-5 Tite",
      description:
        "<p>The <strong>Tite</strong> front puts a nose over the center and two 4i ends inside the tackles. Runs between the tackles have nowhere to go.</p><ul><li>User the middle linebacker</li><li>Pinch the defensive line against inside zone</li><li>Show blitz to bait the hot route</li></ul>",
      image: "formation-tite-335.png",
      plays: [
        play("cover-3-match", "Cover 3 Match", "play-cover-3.png", yt("Wq1cR6bHn4T"), "2:40", [
          "Cover 3 that turns into man on vertical routes. The corners and the free safety play deep thirds, the hybrid safeties carry the slots if they go vertical.",
          "This is the answer to four verticals and seams: the seam gets matched instead of left open between zones.",
          "Weak against flood concepts to one side. If the offense stacks three receivers to the field, shade the flat defender outside.",
        ]),
        play("tite-mid-blitz", "Tite Mid Blitz", "play-mid-blitz.png", yt("pN3xG7kLs8C"), "2:12", [
          "Both inside linebackers blitz the A-gaps while the ends loop outside. Behind them it is three-deep, three-under zone, so you never leave a receiver uncovered deep.",
          "Best on second and long, when the offense wants to hit a slant or a dig. The ball has to come out before the receiver breaks.",
          "A quick screen to the running back beats it; user the remaining linebacker on the back.",
        ]),
        play("cover-1-robber", "Cover 1 Robber", "play-cover-2-man.png", vimeo(845119027), "2:26", [
          "Man coverage with a free safety deep and a robber sitting at ten yards over the middle. The robber takes away crossers and dig routes.",
          "User the robber and read the quarterback's eyes. When he throws the dig, you are already there.",
          "Mesh and rub routes can still beat the man underneath; press the slot to disrupt the release.",
        ]),
      ],
    },
    {
      slug: "nickel-2-4-5-even",
      title: "Nickel 2-4-5 Even",
      description:
        "<p>The passing-down front. Two stand-up edge rushers, two off-ball linebackers and five defensive backs.</p><ul><li>Use it on third and seven or more</li><li>Rush four, drop seven</li></ul>",
      image: "formation-nickel-245.png",
      plays: [
        play("cover-2-man", "Cover 2 Man", "play-cover-2-man.png", yt("fJ2kQ9tWx5N"), "2:08", [
          "Two safeties split the deep field, and everyone else plays man underneath with trail technique. Receivers have no room for a deep route.",
          "Use it on third and long against quick game: the trailing defenders undercut slants and outs.",
          "Quarterback scrambles hurt it because everyone turns their back. Spy the quarterback with a linebacker if he is mobile.",
        ]),
        play("cover-4-quarters", "Cover 4 Quarters", "play-cover-3.png", yt("Bn6yL0pRc3J"), "2:19", [
          "Four defenders deep, each reading the number 2 receiver. If number 2 goes vertical, the safety carries him; if he breaks out, the safety helps over the top of number 1.",
          "It shuts down four verticals and post routes. Play it when you need to stop the big play at the end of a half.",
        ]),
        play("nickel-sim-pressure", "Nickel Sim Pressure", "play-mid-blitz.png", yt("mV4sE1hZa7K"), "2:01", [
          "A simulated pressure: it looks like six rushers, but only four come. One edge rusher drops into the hook zone and a linebacker blitzes from the other side.",
          "The quarterback sees pressure and throws the hot route straight into the dropping defender.",
        ]),
      ],
    },
    {
      slug: "335-split",
      title: "3-3-5 Split",
      description:
        "<p>The same personnel as Tite with the linebackers stacked behind the line. It disguises which gap the pressure comes from.</p><ul><li>Good against RPOs</li><li>Rotate late from two-high to one-high</li></ul>",
      image: "formation-tite-335.png",
      plays: [
        play("cover-3-sky", "Cover 3 Sky", "play-cover-3.png", yt("Zs8dP2nVw6Q"), "1:55", [
          "The strong safety rotates down into the flat and the free safety covers the deep middle. Before the snap, show two safeties deep.",
          "The rotation confuses the pre-snap read and takes away bubble screens and quick outs to the field side.",
        ]),
        play("sugar-a-gap-blitz", "Sugar A-Gap Blitz", "play-mid-blitz.png", yt("Qk7rT3mCj1X"), "2:11", [
          "Both linebackers walk up into the A-gaps, then at the snap one blitzes and the other drops. The center does not know who to block.",
          "Call it on third and medium, after showing the same look with both linebackers dropping earlier in the game.",
          "Inside zone can break it if both linebackers end up on the same side. Hold one in the middle against running teams.",
        ]),
        play("cover-6", "Cover 6", "play-cover-3.png", vimeo(861540992), "2:24", [
          "Quarters to the field and cover 2 to the boundary. You get quarters help against trips and a squatting corner on the short side.",
          "It is the best call against trips formations that attack the seams.",
        ]),
      ],
    },
  ],
};

const cfbFlexbone: SeedContent = {
  slug: "cfb26-flexbone-triple-option",
  title: "Flexbone Triple Option: Off-Meta Ground Game",
  description: text(
    "Nobody practices against the flexbone, and that is exactly why it works. The triple option reads two defenders on every snap and the play-action passes behind it leave receivers wide open.",
    "This is an advanced scheme: you have to read the dive and the pitch keys fast. We teach it in three formations, from the pure option to the Pistol and Ace sets that give you a passing game.",
  ),
  type: "off-meta-scheme",
  game: "college",
  difficulty: "advanced",
  requiredTier: "premium",
  isPublished: true,
  thumbnail: "thumb-ground-game.png",
  videoUrl: yt("Vb3nJ8wKd0F"),
  tags: ["offense", "option", "flexbone", "run game", "vs man", "goal line", "Army playbook", "cfb26"],
  runtime: "25:37",
  daysAgo: 19,
  views: 1964,
  formations: [
    {
      slug: "flexbone",
      title: "Flexbone",
      description:
        "<p>The <strong>Flexbone</strong>: quarterback under center, fullback behind him, two slotbacks behind the tackles.</p><ul><li>Motion a slotback to set the pitch</li><li>Run the ball 70 percent of the time</li></ul>",
      image: "formation-flexbone.png",
      plays: [
        play("triple-option", "Triple Option", "play-triple-option.png", yt("Xc5mB2qRt8H"), "2:48", [
          "Read one: the first defender outside the tackle. If he takes the fullback, pull the ball. If he waits, hand it to the fullback.",
          "Read two: the next defender outside. If he attacks the quarterback, pitch to the slotback. If he widens to cover the pitch, keep it and run.",
          "Practice the pitch timing: pitch while the defender is still a few yards away, never when he is already on you.",
        ]),
        play("midline-option", "Midline Option", "play-inside-zone.png", yt("Gt9wC4yPn2L"), "2:06", [
          "The read is the defensive tackle instead of the end, so it attacks the middle. Give to the fullback unless the tackle squeezes him.",
          "Call it against a defense that puts a nose tackle over the center and lets the three-technique slant.",
          "A linebacker stacked right behind the tackle can fill the dive; against that look, go back to the triple.",
        ]),
        play("pa-wheel", "PA Wheel", "play-pa-boot.png", vimeo(913847220), "2:15", [
          "Fake the triple option, then throw to the slotback running a wheel up the sideline. The safeties who came up to stop the option are left behind.",
          "Call it after two or three option runs in a row. If the corner stays deep, check down to the fullback in the flat.",
        ]),
      ],
    },
    {
      slug: "pistol-strong",
      title: "Pistol Strong",
      description:
        "<p>The option game from the pistol. The back lines up behind the quarterback, so both directions are threats.</p><ul><li>Great for speed option</li><li>Fullback lead blocks</li></ul>",
      image: "formation-pistol-strong.png",
      plays: [
        play("speed-option", "Speed Option", "play-triple-option.png", yt("Ny0hS6fLm3D"), "1:52", [
          "A two-way option: quarterback and running back attack the edge together. Read the end: he takes you, pitch; he takes the back, keep.",
          "Use it against defenses that crash the edge on zone read.",
          "A scraping linebacker who fills the alley beats it. Motion the fullback to the play side to block him.",
        ]),
        play("counter-read", "Counter Read", "play-inside-zone.png", yt("Ue4gK1zXb7P"), "2:09", [
          "The guard and tackle pull to the same side, and the quarterback reads the backside end.",
          "If the end stays, hand it off; if he chases the back, keep it up the middle. Works against aggressive ends that love to crash.",
          "A defense that slants its line away from the pullers leaves them with no one to block. Check to zone read when you see the slant.",
        ]),
        play("pa-post", "PA Post", "play-four-verticals.png", yt("Ip2vN5cJw9S"), "2:20", [
          "Play-action with a deep post behind the safety. After a few option runs, the safety steps up and you throw over him.",
          "Throw it at the top of the drop, before the safety can recover.",
          "Two-deep safeties who stay deep take it away; hit the back on the check-down.",
        ]),
      ],
    },
    {
      slug: "singleback-ace",
      title: "Singleback Ace",
      description:
        "<p>The two-tight-end set for short yardage and play-action. It looks like a run formation, so the pass comes as a surprise.</p><ul><li>Two tight ends, two wide receivers</li></ul>",
      image: "formation-singleback-ace.png",
      plays: [
        play("power", "Power", "play-inside-zone.png", yt("Oa6tH3xDq1V"), "1:47", [
          "Backside guard pulls, the play-side tight end and tackle double the end. The back follows the guard through the hole.",
          "Best on third and one or goal to go. Run it toward the side with more blockers.",
          "A run blitz into the pulling guard's path stops it. Audible to a quick slant when the linebackers creep up.",
        ]),
        play("slants", "Slants", "play-slants.png", yt("Ef8bW0rGk4Y"), "1:39", [
          "Both wide receivers run slants, the tight end runs a seam and the other tight end runs a short flat. The quarterback takes a three-step drop and throws the first open slant.",
          "Good against blitzes and press coverage: the ball comes out before the rush gets home.",
          "A linebacker dropping under the slant takes it away. Throw the slant away from him, or take the flat.",
        ]),
        play("pa-boot", "PA Boot", "play-pa-boot.png", yt("Ha1zQ7sMv5B"), "2:11", [
          "Fake the power run, roll out, throw to the tight end on the drag or the receiver on the deep over.",
          "Best call after two runs in a row, when the linebackers are flowing hard to the run.",
          "An unblocked end who stays home ruins the boot. Throw the flat right away if he chases you.",
        ]),
      ],
    },
  ],
};

const cfbOther: SeedContent[] = [
  {
    slug: "cfb26-read-cover-2-vs-cover-4",
    title: "Cover 2 or Cover 4? Read the Shell Before the Snap",
    description: text(
      "Both coverages start with two safeties deep, and that is where most players guess wrong. Watch three things: how deep the safeties are, how the corners line up, and where the safeties look.",
      "Cover 2: safeties at 12-14 yards and wide, corners pressed with outside leverage. Cover 4: safeties at 8-10 yards over the slots, corners off and bailing. Two minutes of practice and you will never throw a fade into cover 2 again.",
    ),
    type: "pro-tip",
    game: "college",
    difficulty: "beginner",
    requiredTier: "free",
    isPublished: true,
    thumbnail: "thumb-pro-tip.png",
    videoUrl: yt("Kp4sW9dNc2R"),
    tags: ["pre-snap", "coverage", "reads"],
    runtime: "6:12",
    daysAgo: 6,
    views: 3920,
    formations: [],
  },
  {
    slug: "cfb26-hot-routes-vs-blitz",
    title: "Hot Routes That Beat the Blitz",
    description: text(
      "When the defense walks six up to the line, you have two seconds. This tip sets up a hot route package you can call without thinking: a slant to the side of the blitz, a back out to the flat, and a slide protection toward the overload.",
      "We also show how to spot the blitz from the defense's alignment and when to leave the play alone and throw the hot route.",
    ),
    type: "pro-tip",
    game: "college",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-quick-game.png",
    videoUrl: yt("Tg7nX1bLq6M"),
    tags: ["blitz", "hot routes", "protection"],
    runtime: "8:45",
    daysAgo: 14,
    views: 2210,
    formations: [],
  },
  {
    slug: "cfb26-stop-the-qb-run",
    title: "Stop the Mobile QB Without Losing Your Coverage",
    description: text(
      "Running quarterbacks win a lot of online games. This tip shows the spy, the QB contain and the user-linebacker technique that keeps him in the pocket without giving up the deep ball.",
      "Rule: spy with a linebacker, never a safety; put contain on the side he likes to roll to; user the middle.",
    ),
    type: "pro-tip",
    game: "college",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-pro-tip.png",
    videoUrl: yt("Wc2mJ5vHs8Z"),
    tags: ["defense", "qb spy", "contain"],
    runtime: "7:30",
    daysAgo: 23,
    views: 1845,
    formations: [],
  },
  {
    slug: "cfb26-audible-package",
    title: "Building Your Audible Package (Draft)",
    description: text(
      "Draft: which four plays to put on your audible menu, and how to check to them in under two seconds.",
      "To do: record the audible menu walkthrough and add the pass-protection adjustments.",
    ),
    type: "pro-tip",
    game: "college",
    difficulty: "beginner",
    requiredTier: "premium",
    isPublished: false,
    thumbnail: "thumb-pro-tip.png",
    videoUrl: yt("Dm0xR3kTf5N"),
    tags: ["audibles", "draft"],
    runtime: "5:00",
    daysAgo: 1,
    views: 0,
    formations: [],
  },
  {
    slug: "cfb26-ranked-spread-vs-335",
    title: "Ranked Game: Spread RPO vs a 3-3-5 Opponent",
    description: text(
      "A full ranked game with live commentary. The opponent runs the same 3-3-5 Tite we teach, so this is a look at both schemes at full speed.",
      "Watch how we adjust in the second quarter: once the nickel starts stepping down, the bubble and the seams open up.",
    ),
    type: "gameplay",
    game: "college",
    difficulty: "beginner",
    requiredTier: "free",
    isPublished: true,
    thumbnail: "thumb-gameplay.png",
    videoUrl: yt("Lb5qN8wXd3G"),
    tags: ["ranked", "full game", "commentary"],
    runtime: "41:18",
    daysAgo: 8,
    views: 5630,
    formations: [],
  },
  {
    slug: "cfb26-dynasty-rivalry-week",
    title: "Dynasty Rivalry Week: Full Game Commentary",
    description: text(
      "Rivalry week in our Dynasty save, on Heisman difficulty. We break down each drive, the play calls, and the in-game adjustments.",
      "Good for learning how to manage the momentum meter and the crowd in a hostile stadium.",
    ),
    type: "gameplay",
    game: "college",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-gameplay.png",
    videoUrl: yt("Ys1cF6hPm9K"),
    tags: ["dynasty", "heisman", "commentary"],
    runtime: "52:04",
    daysAgo: 27,
    views: 1402,
    formations: [],
  },
  {
    slug: "cfb26-comeback-clock-management",
    title: "Down 21 in the Third: A Comeback and Clock Management",
    description: text(
      "A ranked game where we fall behind by three scores and come back. Watch the two-minute offense, timeout use and onside kick decisions.",
      "Key lessons: score fast but not too fast, and never waste a timeout on defense before the four-minute mark.",
    ),
    type: "gameplay",
    game: "college",
    difficulty: "advanced",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-gameplay.png",
    videoUrl: yt("Hn4gT2zQc7W"),
    tags: ["clock management", "two-minute drill", "ranked"],
    runtime: "38:51",
    daysAgo: 34,
    views: 1268,
    formations: [],
  },
  {
    slug: "cfb26-lab-option-keys",
    title: "Lab: Which Defender Does the Option Really Read?",
    description: text(
      "We tested 200 reps of zone read and triple option in practice mode against different fronts to find who the game actually treats as the read key.",
      "Result: the read key changes depending on the tight end alignment. We show all five fronts and the key for each.",
    ),
    type: "lab-sessions",
    game: "college",
    difficulty: "advanced",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-lab-session.png",
    videoUrl: yt("Qz8vK0nRb4E"),
    tags: ["option", "testing", "practice mode"],
    runtime: "16:22",
    daysAgo: 16,
    views: 987,
    formations: [],
  },
  {
    slug: "cfb26-lab-pass-rush-moves",
    title: "Lab: Pass Rush Moves vs Pass Block Ratings",
    description: text(
      "Does the swim move really beat a low-rated tackle more often? We tested each pass rush move against three levels of offensive line.",
      "Spoiler: the power move wins against low-rated tackles, finesse moves against high-rated ones. The numbers are in the video.",
    ),
    type: "lab-sessions",
    game: "college",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-lab-session.png",
    videoUrl: yt("Ra3wM7xTn1C"),
    tags: ["pass rush", "ratings", "testing"],
    runtime: "13:05",
    daysAgo: 30,
    views: 1120,
    formations: [],
  },
  {
    slug: "cfb26-lab-wear-and-tear",
    title: "Lab: Wear and Tear and When to Rotate Your Backs",
    description: text(
      "We ran 30 carries with one back and tracked his speed and break-tackle drop. After about 18 carries he is clearly slower.",
      "We recommend a rotation for each quarter and explain how it affects your running game late in games.",
    ),
    type: "lab-sessions",
    game: "college",
    difficulty: "beginner",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-lab-session.png",
    videoUrl: yt("Fx6pJ4cLw0S"),
    tags: ["wear and tear", "running backs", "testing"],
    runtime: "11:48",
    daysAgo: 41,
    views: 864,
    formations: [],
  },
];

// ---------------------------------------------------------------------------------------------
// Madden NFL 26
// ---------------------------------------------------------------------------------------------

const maddenGunBunch: SeedContent = {
  slug: "madden26-gun-bunch-quick-pass",
  title: "Gun Bunch Quick Pass: The Madden 26 Meta Offense",
  description: text(
    "A quick-passing offense built for ranked head-to-head. Every play has a man-beater and a zone-beater, and the ball comes out in under 2.5 seconds so the blitz never gets home.",
    "Three formations: Gun Bunch for the rub routes, Gun Trips TE for spacing and seams, and Singleback Ace for the run game and play-action that keep the defense honest.",
  ),
  type: "meta-scheme",
  game: "madden",
  difficulty: "beginner",
  requiredTier: "free",
  isPublished: true,
  thumbnail: "thumb-air-raid.png",
  videoUrl: yt("Mb7cQ2xVn5T"),
  tags: ["offense", "quick game", "bunch", "vs man", "vs blitz", "3rd and long", "Chiefs playbook", "madden26"],
  runtime: "20:15",
  daysAgo: 2,
  views: 6204,
  formations: [
    {
      slug: "gun-bunch-wk",
      title: "Gun Bunch Wk",
      description:
        "<p><strong>Gun Bunch Wk</strong> puts the bunch to the weak side, away from the tight end. The rubs are hard to cover in man.</p><ul><li>Motion the point man to see man or zone</li><li>Slide protection toward the bunch</li></ul>",
      image: "formation-gun-bunch.png",
      plays: [
        play("mesh-spot", "Mesh Spot", "play-mesh.png", SAMPLE_VIDEO, "0:07", [
          "Two shallow crossers under a spot route and a corner. Against man, the crossers pick their defenders; against zone, the spot sits between the hook and the curl.",
          "Read: crossers first, then the spot, then the corner against cover 2. Throw the crosser before he reaches the middle.",
          "A defense that plays robber at six yards takes away the crossers; throw the corner over the top.",
        ]),
        play("bunch-stick", "Bunch Stick", "play-stick.png", yt("Rc1nW8pHq3L"), "1:54", [
          "Stick, flat and a fade from the bunch. Three routes at three levels against the flat defender.",
          "Pre-snap, check if the flat defender is inside or outside the bunch. Outside: throw the stick. Inside: throw the flat.",
          "Cover 2 with a press corner on the point man breaks the timing; motion him out first.",
        ]),
        play("bunch-verticals", "Bunch Verticals", "play-four-verticals.png", yt("Vk5zT0mGd7P"), "2:12", [
          "Four verticals with the bunch releasing on different lines. The deep safety has to choose, and you throw the other seam.",
          "Use it on first down when the defense is playing cover 3 to stop the quick game. Lead the pass toward the sideline.",
        ]),
      ],
    },
    {
      slug: "gun-trips-te",
      title: "Gun Trips TE",
      description:
        "<p>Three receivers to one side and the tight end on the other. It isolates the tight end against a linebacker.</p><ul><li>Best formation for the seam</li><li>Balanced run and pass</li></ul>",
      image: "formation-gun-trips-te.png",
      plays: [
        play("spacing", "Spacing", "play-stick.png", yt("Ld3xB9sNc6F"), "1:48", [
          "Three receivers settle at six yards across the field. The defense cannot cover all three windows with two defenders.",
          "Read the hook defender: throw away from him. Great on third and five.",
          "Cover 2 man beats it because every receiver stops running. Hot-route the outside receiver to a fade.",
        ]),
        play("te-seam-verts", "TE Seam Verts", "play-four-verticals.png", yt("Pq8mK1vZr4J"), "2:06", [
          "All verticals, with the tight end on the seam against a linebacker. In cover 3, the tight end runs right past the hook defender.",
          "Throw the tight end seam as soon as he passes the linebacker; do not wait for the safety to come over.",
          "Cover 4 takes it away: check down to the back in the flat.",
        ]),
        play("hb-inside-zone", "HB Inside Zone", "play-inside-zone.png", vimeo(887231654), "1:41", [
          "Trips spreads the defense, so the box has only six defenders. Hand it off and follow the zone blocking.",
          "Read the first down lineman past the center: cut behind him if he overruns. Call it whenever the defense plays nickel or dime.",
        ]),
      ],
    },
    {
      slug: "singleback-ace",
      title: "Singleback Ace",
      description:
        "<p>Two tight ends, one back: it looks like a run formation. Use it for the run game and play-action.</p><ul><li>Forces the defense to play base personnel</li><li>Play-action off the same look</li></ul>",
      image: "formation-singleback-ace.png",
      plays: [
        play("slants", "Slants", "play-slants.png", yt("Sj6fD4wQb2H"), "1:36", [
          "Both wide receivers run slants. The quarterback takes three steps and throws. Against a blitz, the ball is out before the rushers get there.",
          "Read the inside defender: if he sits, throw the other slant. A linebacker dropping under the slant beats it; take the tight end in the flat.",
        ]),
        play("pa-boot-over", "PA Boot Over", "play-pa-boot.png", yt("Nw2hR7tXm9K"), "2:09", [
          "Fake the run, roll to the right, and read the over route, the flat and the drag.",
          "The over route is open against cover 3 when the linebackers bite on the run fake.",
          "If the defense blitzes off the edge, throw the flat right away.",
        ]),
        play("inside-zone", "Inside Zone", "play-inside-zone.png", yt("Cz9pL3nVs0G"), "1:44", [
          "The base run. Two tight ends give you extra blockers on both sides of the formation.",
          "Press the A-gap, then cut back if the backside linebacker over-pursues. A defense with eight men in the box takes it away; throw the slants.",
        ]),
      ],
    },
  ],
};

const maddenNickelMatch: SeedContent = {
  slug: "madden26-nickel-match-defense",
  title: "Nickel 2-4-5 Match Defense: Cover 3 Match, Cover 2 Man and Mid Pressure",
  description: text(
    "A defensive scheme built for the ranked meta. Nickel 2-4-5 lets you play match coverage against spread offenses and still bring pressure from the middle.",
    "You learn three fronts, nine coverages and blitzes, and the adjustments to make pre-snap so the offense never gets a free read.",
  ),
  type: "meta-scheme",
  game: "madden",
  difficulty: "intermediate",
  requiredTier: "premium",
  isPublished: true,
  thumbnail: "thumb-lockdown-defense.png",
  videoUrl: yt("Gh4vN1cTk8M"),
  tags: ["defense", "nickel", "cover 3", "man coverage", "blitz", "red zone", "Ravens playbook", "madden26"],
  runtime: "23:48",
  daysAgo: 9,
  views: 4415,
  formations: [
    {
      slug: "nickel-2-4-5-even",
      title: "Nickel 2-4-5 Even",
      description:
        "<p>Two down linemen, two edge rushers, two linebackers and five defensive backs. Fast enough to play the spread and strong enough for the run.</p><ul><li>User the middle linebacker</li><li>Show two-high before the snap</li></ul>",
      image: "formation-nickel-245.png",
      plays: [
        play("cover-3-match", "Cover 3 Match", "play-cover-3.png", yt("Tr8bX5mWq1N"), "2:33", [
          "Three-deep zone with match rules: the curl-flat defender carries number 2 vertical, so four verticals has nowhere to go.",
          "User the hook zone and take away the dig. Call it against four verticals and seam routes.",
          "Floods to one side can beat it; shade the flats to the strength of the formation.",
        ]),
        play("cover-2-man", "Cover 2 Man", "play-cover-2-man.png", yt("Kb1qZ6vHc4S"), "2:02", [
          "Two deep safeties and man coverage underneath. The defenders trail their receivers and undercut short routes.",
          "Best on third and long. A quarterback scramble beats it; spy the quarterback with a linebacker.",
        ]),
        play("mid-blitz", "Mid Blitz", "play-mid-blitz.png", yt("Xm7cP2nRj5L"), "2:14", [
          "Both linebackers blitz the A-gaps with three-deep, three-under coverage behind them.",
          "The center cannot block both, so one is free. Call it on second and long.",
          "Screens to the running back beat it; keep one defender on the back.",
        ]),
      ],
    },
    {
      slug: "nickel-3-3-5-odd",
      title: "Nickel 3-3-5 Odd",
      description:
        "<p>Three down linemen and three linebackers. The front disguises who is rushing.</p><ul><li>Best against RPO offenses</li><li>Easy to show blitz and drop</li></ul>",
      image: "formation-tite-335.png",
      plays: [
        play("cover-4-drop", "Cover 4 Drop", "play-cover-3.png", yt("Qw3nF8tBv6D"), "2:17", [
          "Four deep defenders read the number 2 receivers, three underneath defenders take the hooks and the middle. Nothing gets behind you.",
          "Call it at the end of a half, on third and very long, or when you are protecting a lead. Make the offense drive with short throws and tackle the catch.",
          "Smash and flat routes beat it: the corner is deep, so the flat is open. Put the outside linebacker in a flat zone against trips.",
        ]),
        play("odd-sam-blitz", "Odd Sam Blitz", "play-mid-blitz.png", vimeo(875402196), "2:05", [
          "The strong-side linebacker blitzes off the edge while the end on that side drops into the flat. The offense slides the protection the wrong way.",
          "Best against a right-handed quarterback when the tight end lines up to the left: the pressure comes from his blind side.",
          "A quick slant or a back in the flat toward the blitz side beats it. User the dropping end and sit on the flat.",
        ]),
        play("cover-1-robber", "Cover 1 Robber", "play-cover-2-man.png", yt("Zd5kS9wLp2R"), "2:21", [
          "Man coverage with one deep safety and a robber sitting at ten yards in the middle of the field.",
          "User the robber and read the quarterback: crossers and digs come right to you. Call it on second and medium against teams that love the middle of the field.",
          "Rub routes out of bunch formations free the receivers underneath. Press the slot or switch to a zone call against bunch.",
        ]),
      ],
    },
    {
      slug: "dollar-3-2-6",
      title: "Dollar 3-2-6",
      description:
        "<p>Six defensive backs for obvious passing downs. Speed everywhere on the field.</p><ul><li>Third and long</li><li>Two-minute defense</li></ul>",
      image: "formation-tite-335.png",
      plays: [
        play("cover-6", "Cover 6", "play-cover-3.png", yt("Bv2xH6qNm8T"), "2:10", [
          "Quarters to the field side and cover 2 to the boundary. The field safety reads number 2, the boundary corner squats in the flat.",
          "The best call on third and long against trips: the three receivers face three defenders plus a safety over the top.",
          "Rotate late so the quarterback reads two-high before the snap. A back out of the backfield on a wheel to the boundary side is the weak spot.",
        ]),
        play("dollar-fire-zone", "Dollar Fire Zone", "play-mid-blitz.png", yt("Hs9cM4wKt3F"), "1:58", [
          "A five-man pressure from the nickel corner with three deep and three under behind it. The protection picks up five and the sixth defender drops into the hot throw.",
          "Safe against the hot route because the zone defenders drop right into the throwing windows. Call it on third and medium.",
          "A screen to the side of the blitz beats it. If the offense shows a running back screen early in the game, save this call.",
        ]),
        play("2-man-under", "2 Man Under", "play-cover-2-man.png", yt("Ne6qV1xJr7W"), "2:06", [
          "Two deep safeties and man coverage underneath with trail technique. The defenders stay on the receiver's hip and undercut every short route.",
          "Best on third and six or longer against quick game. The safeties take away the fade and the seam.",
          "A quarterback scramble beats it: everyone has their back to the ball. Spy the quarterback with your middle linebacker if he has 80+ speed.",
        ]),
      ],
    },
  ],
};

const maddenPistolPower: SeedContent = {
  slug: "madden26-pistol-power-run",
  title: "Pistol Power Run Game: Off-Meta Ball Control",
  description: text(
    "While everybody passes, we run. This off-meta scheme uses Pistol Strong, Singleback Ace and Gun Trips TE to pound the ball and shorten the game.",
    "You need patience and good blocking reads, which is why this is an advanced scheme. The payoff is big play-action shots.",
  ),
  type: "off-meta-scheme",
  game: "madden",
  difficulty: "advanced",
  requiredTier: "premium",
  isPublished: true,
  thumbnail: "thumb-ground-game.png",
  videoUrl: yt("Pk0mR5vCw2B"),
  tags: ["offense", "run game", "pistol", "play-action", "vs zone", "goal line", "Titans playbook", "madden26"],
  runtime: "21:30",
  daysAgo: 21,
  views: 2038,
  formations: [
    {
      slug: "pistol-strong",
      title: "Pistol Strong",
      description:
        "<p>The back behind the quarterback and a fullback offset strong. The run can go either way.</p><ul><li>Downhill runs</li><li>Play-action off the same look</li></ul>",
      image: "formation-pistol-strong.png",
      plays: [
        play("inside-zone-split", "Inside Zone Split", "play-inside-zone.png", yt("Wn3sB7kQd0X"), "1:50", [
          "Inside zone with the fullback crossing the formation to block the backside end. The cutback lane opens right behind him.",
          "Read the first down lineman past the center. If he overruns the play, cut back. An eight-man front takes it away; switch to play-action.",
        ]),
        play("counter", "Counter", "play-inside-zone.png", yt("Jt8pL2xMc5V"), "1:55", [
          "The backside guard kicks out the end, the backside tackle wraps through the hole for the linebacker. The back takes a counter step away, then follows the tackle.",
          "Call it when the linebackers flow fast toward your inside zone. Their first step is the wrong way.",
          "A line slant toward the pullers blocks the hole. If the defense slants every snap, go back to inside zone split.",
        ]),
        play("pa-boot-cross", "PA Boot Cross", "play-pa-boot.png", yt("Ru6dN0wHk9P"), "2:12", [
          "Fake the zone, boot out to the right and throw the deep cross. The linebackers bite on the fake and leave the middle open.",
          "Read: the cross first, then the flat, then run for the first down. Call it after the defense has stopped two or three runs.",
          "An edge defender who stays home instead of chasing the run takes the boot away. Throw the flat early if he is in your face.",
        ]),
      ],
    },
    {
      slug: "singleback-ace",
      title: "Singleback Ace",
      description:
        "<p>The two-tight-end set. It forces the defense into base personnel.</p><ul><li>Duo and power</li><li>Quick passes against loaded boxes</li></ul>",
      image: "formation-singleback-ace.png",
      plays: [
        play("duo", "Duo", "play-inside-zone.png", vimeo(899015633), "1:46", [
          "Double-team blocks on both defensive tackles with no pullers. The back reads the middle linebacker and runs away from him.",
          "Call it on first down against a 4-3 front. The double teams get push, so even a bad read gains three yards.",
          "A run blitz into the gaps beats the double teams; check to quick slants when the linebackers creep to the line.",
        ]),
        play("pa-deep-cross", "PA Deep Cross", "play-pa-boot.png", yt("Ax4vT8cGm1Q"), "2:08", [
          "Play-action with a deep crossing route at 15 yards, a post and a flat. After a few runs, the safeties step up and the cross is open behind them.",
          "Throw the cross as it crosses the far hash. If the safety stays deep, the flat is open.",
          "Cover 2 man takes away the cross; check to a run or a quick pass against two-high man looks.",
        ]),
        play("quick-slants", "Quick Slants", "play-slants.png", yt("Dq9hW3nZs6L"), "1:33", [
          "Both wide receivers run slants and the tight ends block. It is the fast answer when the defense loads the box to stop the run.",
          "Read the inside linebacker: throw the slant on the side he does not drop to. The ball is out in under two seconds.",
          "A linebacker dropping under the slant or a corner playing inside leverage takes it away; throw to the other side.",
        ]),
      ],
    },
    {
      slug: "gun-trips-te",
      title: "Gun Trips TE",
      description:
        "<p>A spread look that still lets you run the ball.</p><ul><li>Power read</li><li>RPO bubble</li></ul>",
      image: "formation-gun-trips-te.png",
      plays: [
        play("power-read", "Power Read", "play-triple-option.png", yt("Ec1kR6pXv4J"), "1:52", [
          "The back runs a sweep, the quarterback reads the end and keeps it inside behind the pulling guard.",
          "If the end widens with the back, keep it up the middle. If he crashes, hand it off. Only call it with a quarterback who has 80+ speed.",
          "A defender with QB contain on the edge stays home and takes away the keep; give it to the back every time you see contain.",
        ]),
        play("bubble-rpo", "Bubble RPO", "play-stick.png", yt("Yh7bM5tCq8N"), "1:44", [
          "Inside zone with a bubble screen to the trips side. The read is the overhang defender over the slot.",
          "If he steps into the box, throw the bubble. If he widens, hand it off: the box is one defender short.",
          "Press coverage over the slot kills the bubble; check to a slant when you see it.",
        ]),
        play("four-verticals", "Four Verticals", "play-four-verticals.png", yt("Uf2nJ9sWb3R"), "2:18", [
          "All verticals after a drive full of runs. The safeties are creeping down, so the seams are open.",
          "Throw the seam the middle safety leaves. Lead the ball to the sideline against cover 1.",
          "Cover 4 takes it away: the safeties sit on the seams. Check down to the back.",
        ]),
      ],
    },
  ],
};

const maddenOther: SeedContent[] = [
  {
    slug: "madden26-coverage-shell-reads",
    title: "Read the Coverage Shell in Under 10 Seconds",
    description: text(
      "One high or two high? Press or off? Where is the nickel? Three questions, asked in the same order every snap, tell you the coverage before the ball is snapped.",
      "We walk through the five most common Madden 26 shells and the first read for each, using the same plays from our Gun Bunch scheme.",
    ),
    type: "pro-tip",
    game: "madden",
    difficulty: "beginner",
    requiredTier: "free",
    isPublished: true,
    thumbnail: "thumb-pro-tip.png",
    videoUrl: yt("Vn8cK3qRw1M"),
    tags: ["pre-snap", "coverage", "reads"],
    runtime: "7:05",
    daysAgo: 5,
    views: 5112,
    formations: [],
  },
  {
    slug: "madden26-hot-route-menu",
    title: "Master the Hot Route Menu: Smart Routes and Drag Tweaks",
    description: text(
      "Smart routes change depth based on the down and distance, and that is a weapon once you know the rules. This tip covers the three hot routes we use most: the smart slant, the drag and the out-and-up.",
      "Bonus: how to stack two hot routes in under two seconds so the defense does not get a chance to adjust.",
    ),
    type: "pro-tip",
    game: "madden",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-quick-game.png",
    videoUrl: yt("Bq2xW7nTc5H"),
    tags: ["hot routes", "smart routes", "offense"],
    runtime: "9:14",
    daysAgo: 13,
    views: 2987,
    formations: [],
  },
  {
    slug: "madden26-user-the-middle",
    title: "User Defense: How to Own the Middle Hook",
    description: text(
      "The best players in Madden 26 control a linebacker in the middle of the field. We show where to start, how deep to drop and when to break on the ball.",
      "Rule of thumb: drop to 10 yards, mirror the quarterback's eyes, and never chase the first receiver you see.",
    ),
    type: "pro-tip",
    game: "madden",
    difficulty: "advanced",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-pro-tip.png",
    videoUrl: yt("Km5pS1vXd8G"),
    tags: ["user defense", "linebacker", "defense"],
    runtime: "8:27",
    daysAgo: 25,
    views: 2301,
    formations: [],
  },
  {
    slug: "madden26-coverage-adjustments",
    title: "Coverage Adjustments: Shading and Cheats (Draft)",
    description: text(
      "Draft: when to shade inside or outside, when to cheat the safeties down, and why you should stop pressing every snap.",
      "To do: add the clips against Gun Trips TE and the coverage adjustment menu walkthrough.",
    ),
    type: "pro-tip",
    game: "madden",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: false,
    thumbnail: "thumb-pro-tip.png",
    videoUrl: yt("Rt3hN9cLq2F"),
    tags: ["coverage", "adjustments", "draft"],
    runtime: "6:00",
    daysAgo: 0,
    views: 0,
    formations: [],
  },
  {
    slug: "madden26-top-100-gun-bunch",
    title: "Top 100 Ranked: Gun Bunch Offense in Action",
    description: text(
      "A full ranked head-to-head game against a top 100 opponent, using only plays from our Gun Bunch scheme.",
      "Watch how we read the coverage, which hot routes we use and how we handle the blitz in the fourth quarter.",
    ),
    type: "gameplay",
    game: "madden",
    difficulty: "beginner",
    requiredTier: "free",
    isPublished: true,
    thumbnail: "thumb-gameplay.png",
    videoUrl: yt("Yc6mD2wPn4T"),
    tags: ["ranked", "h2h", "full game"],
    runtime: "44:36",
    daysAgo: 7,
    views: 7340,
    formations: [],
  },
  {
    slug: "madden26-mut-champs-run",
    title: "Ultimate Team Champs Weekend: Game-by-Game Breakdown",
    description: text(
      "Our Champs run from start to finish. We go through every game plan: what the opponent showed, how we adjusted and which plays won.",
      "Most useful for seeing the Nickel Match defense against different offensive styles.",
    ),
    type: "gameplay",
    game: "madden",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-gameplay.png",
    videoUrl: yt("Nb4qT8xKs0W"),
    tags: ["ultimate team", "champs", "commentary"],
    runtime: "58:12",
    daysAgo: 18,
    views: 3104,
    formations: [],
  },
  {
    slug: "madden26-beat-the-blitz-game",
    title: "Beating a Blitz-Heavy Opponent: Full Game",
    description: text(
      "Our opponent sends six or seven on almost every snap. We show how we slide the protection, keep the back in and make him pay with slants and screens.",
      "If you get blitzed every game, watch this one.",
    ),
    type: "gameplay",
    game: "madden",
    difficulty: "advanced",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-gameplay.png",
    videoUrl: yt("Gx1vR5mHc7Q"),
    tags: ["blitz", "protection", "full game"],
    runtime: "39:27",
    daysAgo: 32,
    views: 1876,
    formations: [],
  },
  {
    slug: "madden26-lab-coverage-vs-four-verts",
    title: "Lab: Which Coverage Stops Four Verticals?",
    description: text(
      "We ran four verticals 50 times against each of eight coverages in practice mode and recorded the completion rate and yards per attempt.",
      "Cover 4 and Cover 3 Match were the clear winners. Cover 2 Man gave up the most big plays.",
    ),
    type: "lab-sessions",
    game: "madden",
    difficulty: "intermediate",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-lab-session.png",
    videoUrl: yt("Lq7nB3wZt5K"),
    tags: ["testing", "coverage", "four verticals"],
    runtime: "14:50",
    daysAgo: 15,
    views: 2456,
    formations: [],
  },
  {
    slug: "madden26-lab-run-fits",
    title: "Lab: Run Fits Against Outside Zone",
    description: text(
      "We tested every linebacker assignment against outside zone to find which fits leave the cutback lane open.",
      "The results tell you which defensive adjustments actually matter against the run and which do nothing.",
    ),
    type: "lab-sessions",
    game: "madden",
    difficulty: "advanced",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-lab-session.png",
    videoUrl: yt("Ws2cF6kDn9P"),
    tags: ["run defense", "testing", "outside zone"],
    runtime: "15:33",
    daysAgo: 29,
    views: 1389,
    formations: [],
  },
  {
    slug: "madden26-lab-pass-types",
    title: "Lab: Lob, Bullet or Touch? Pass Types Tested",
    description: text(
      "The same route, three different passes, 30 reps each. We measure completion rate and how often the defender gets a hand on the ball.",
      "Short version: touch passes win on corners and wheels, bullets on slants and digs, lobs only on fades against off coverage.",
    ),
    type: "lab-sessions",
    game: "madden",
    difficulty: "beginner",
    requiredTier: "premium",
    isPublished: true,
    thumbnail: "thumb-lab-session.png",
    videoUrl: yt("Hd8pM0vTx3C"),
    tags: ["passing", "testing", "pass types"],
    runtime: "12:41",
    daysAgo: 38,
    views: 1753,
    formations: [],
  },
];

export const SEED_CONTENT: SeedContent[] = [
  cfbSpreadRpo,
  cfbTiteDefense,
  cfbFlexbone,
  ...cfbOther,
  maddenGunBunch,
  maddenNickelMatch,
  maddenPistolPower,
  ...maddenOther,
];

// ---------------------------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------------------------

export const SEED_BLOG_POSTS: SeedBlogPost[] = [
  {
    slug: "welcome-to-the-playbook-lab",
    title: "Welcome to the Playbook Lab: CFB 26 and Madden 26 Are Here",
    excerpt: "New season, new meta. Here is what is in the library on day one and what is coming each week.",
    content: [
      "## A new season starts today",
      "College Football 26 and Madden NFL 26 are out, and the library is live with full schemes for both games.",
      "### What is in the library",
      "- **Meta schemes**: the offenses and defenses winning ranked games right now",
      "- **Off-meta schemes**: systems your opponents have never practiced against",
      "- **Pro tips, gameplay and lab sessions**: short lessons, full games and tested answers",
      "Every scheme is broken into formations and plays, with a write-up and video for each play.",
      "> Learn the reads, not just the plays. That is how you win when the meta changes.",
      "New content drops every week. Start with the free **Spread RPO Attack** for College Football 26 or the **Gun Bunch Quick Pass** for Madden 26.",
    ].join("\n\n"),
    category: "news",
    image: "blog-season-kickoff.png",
    isPublished: true,
    daysAgo: 40,
  },
  {
    slug: "title-update-1-3-patch-notes",
    title: "Title Update Breakdown: What Changed and What It Means for Your Schemes",
    excerpt: "Pass coverage tweaks, QB run changes and a nerf to one popular blitz. Here is what still works.",
    content: [
      "## The short version",
      "The latest title update changed how zone defenders react to crossing routes and slowed down QB scrambles on the edge.",
      "### Offense",
      "- Crossers against zone are slightly harder to hit; **Mesh** still works, but throw it earlier",
      "- QB contain now reacts faster, so the *zone read keep* needs a cleaner read",
      "### Defense",
      "- Hook defenders carry crossers further, which makes **Cover 3 Match** even stronger",
      "- The overload A-gap blitz was toned down; our **Mid Blitz** is unaffected",
      "We reviewed every play in the library against the update; the write-ups already reflect the changes above.",
    ].join("\n\n"),
    category: "updates",
    image: "blog-patch-notes.png",
    isPublished: true,
    daysAgo: 20,
  },
  {
    slug: "new-lab-sessions-every-friday",
    title: "Lab Sessions Now Drop Every Friday",
    excerpt: "Tested answers to your questions, every week. Send us what you want tested next.",
    content: [
      "## Why lab sessions",
      "Internet theories are everywhere. Our lab sessions test them: dozens of reps in practice mode, recorded and counted.",
      "Starting this week, a new lab session drops **every Friday**, alternating between College Football 26 and Madden 26.",
      "### Suggest a test",
      "- Use the **Submit a Tip** page and start the description with *Lab request*",
      "- Or post it in our [Discord community](https://discord.com)",
      "> The best ideas come from members. Most of our lab sessions started as a question in Discord.",
    ].join("\n\n"),
    category: "announcements",
    image: "blog-announcement.png",
    isPublished: true,
    daysAgo: 17,
  },
  {
    slug: "community-tournament-october",
    title: "Community Tournament: Sign-Ups Are Open",
    excerpt: "A 64-player bracket for members, with both games and prizes for the top four.",
    content: [
      "## The bracket",
      "Our first members-only tournament is a **64-player single-elimination bracket**, with separate brackets for College Football 26 and Madden 26.",
      "### Rules",
      "- Ranked head-to-head settings, *All-Pro* difficulty for CFB and *competitive* game style for Madden",
      "- Four-minute quarters",
      "- Any playbook is allowed",
      "### Prizes",
      "The top four players in each bracket win a year of premium membership and a one-on-one film session with our coaches.",
      "Sign up in our [Discord community](https://discord.com) before Friday.",
    ].join("\n\n"),
    category: "news",
    image: "blog-community.png",
    isPublished: true,
    daysAgo: 12,
  },
  {
    slug: "member-tips-now-featured",
    title: "Your Tips, Featured in the Library",
    excerpt: "Approved member tips now appear in our weekly roundup, with credit to the member who sent them.",
    content: [
      "## Member tips",
      "Every week members send us formation and play tips. From now on, the best approved tips are featured in a weekly roundup.",
      "### How it works",
      "- Submit your tip with the formation, play and playbook",
      "- Our coaches review it within a week",
      "- If it is approved, we test it and feature it with your name",
      "> Tips that include *when* to call the play and *what* beats it get approved much faster.",
    ].join("\n\n"),
    category: "announcements",
    image: "blog-announcement.png",
    isPublished: true,
    daysAgo: 10,
  },
  {
    slug: "site-update-favorites-and-ratings",
    title: "Site Update: Favorites, Ratings and Faster Videos",
    excerpt: "Save schemes to your home page, rate them, and enjoy a new video player with 10-second skips.",
    content: [
      "## What is new",
      "- **Favorites**: star any item and it appears on your home page",
      "- **Ratings**: rate every scheme from one to five stars; the average shows on the scheme card",
      "- **New video player**: skip 10 seconds forward or back, and the controls hide while you watch",
      "### Coming next",
      "We are working on *play search* across both games. Tell us what else you want in the [feedback thread](https://discord.com).",
    ].join("\n\n"),
    category: "updates",
    image: "blog-patch-notes.png",
    isPublished: true,
    daysAgo: 4,
  },
  {
    slug: "playoff-push-content-plan",
    title: "Playoff Push: Our Content Plan for the Next Month (Draft)",
    excerpt: "Two new schemes, a two-minute-drill series and a new lab session format.",
    content: [
      "## Draft",
      "Plan for the next four weeks:",
      "- A new **Madden 26** meta defense built around Cover 6",
      "- A **CFB 26** off-meta offense from the Wing-T",
      "- A two-minute-drill series in three parts",
      "> To do: confirm dates with the video team before publishing.",
    ].join("\n\n"),
    category: "updates",
    image: "blog-season-kickoff.png",
    isPublished: false,
    daysAgo: 1,
  },
];

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

export const SEED_TESTIMONIALS: SeedTestimonial[] = [
  {
    name: "BlitzKing_22",
    title: "Top 100 Ranked, Madden 26",
    content:
      "The Nickel Match defense changed my season. I went from giving up 30 a game to holding top players under 14. The play write-ups tell you exactly what beats each call.",
    rating: 5,
    sortOrder: 1,
  },
  {
    name: "OptionQB7",
    title: "Dynasty Grinder, College Football 26",
    content:
      "I had never run the option before. The flexbone scheme taught me the reads step by step, and now my opponents quit by halftime.",
    rating: 5,
    sortOrder: 2,
  },
  {
    name: "CoverThreeCarl",
    title: "Elite Division, CFB 26 Ranked",
    content:
      "The lab sessions are the best part. No more guessing: you see the numbers and know what works.",
    rating: 5,
    sortOrder: 3,
  },
  {
    name: "SlantsOnSlants",
    title: "Madden 26 MUT Champs Player",
    content:
      "The Gun Bunch scheme is simple to learn and hard to stop. Hot route tips alone were worth the subscription.",
    rating: 4,
    sortOrder: 4,
  },
  {
    name: "TiteFrontTony",
    title: "Top 250, College Football 26",
    content:
      "The 3-3-5 Tite finally let me stop the spread RPO players. I wish I had found this on release day.",
    rating: 5,
    sortOrder: 5,
  },
  {
    name: "RedZoneRita",
    title: null,
    content:
      "Clear videos, short write-ups and a friendly Discord. I watch a play on my lunch break and use it that night.",
    rating: 4,
    sortOrder: 6,
  },
];

// ---------------------------------------------------------------------------------------------
// Comments, ratings, favorites (authors are the demo accounts created by the seed)
// ---------------------------------------------------------------------------------------------

export const SEED_COMMENTS: {
  contentSlug?: string;
  blogSlug?: string;
  author: SeedAuthor;
  comment: string;
  daysAgo: number;
}[] = [
  { contentSlug: "cfb26-spread-rpo-attack", author: "premium", comment: "The bubble RPO read finally clicked for me. Watch the apex defender, not the corner. Went 6-1 in ranked this week.", daysAgo: 2 },
  { contentSlug: "cfb26-spread-rpo-attack", author: "admin", comment: "Nice! Against two-high shells, remember to check to Stick instead of forcing the bubble.", daysAgo: 1 },
  { contentSlug: "cfb26-335-tite-defense", author: "premium", comment: "Tite Mid Blitz is nasty on second and long. Anyone else getting hit with RB screens against it?", daysAgo: 9 },
  { contentSlug: "cfb26-335-tite-defense", author: "superadmin", comment: "Yes, user the remaining linebacker and spy the back. We added a note about it in the play write-up.", daysAgo: 8 },
  { contentSlug: "madden26-gun-bunch-quick-pass", author: "premium", comment: "Mesh Spot out of Gun Bunch Wk is unreal against man. The clip helped me see the timing.", daysAgo: 1 },
  { contentSlug: "madden26-nickel-match-defense", author: "admin", comment: "Quick tip: shade the flats to the strength when they come out in trips. It fixes the flood problem.", daysAgo: 6 },
  { contentSlug: "madden26-lab-coverage-vs-four-verts", author: "premium", comment: "Didn't expect Cover 2 Man to be that bad against verticals. Great test.", daysAgo: 12 },
  { contentSlug: "madden26-top-100-gun-bunch", author: "superadmin", comment: "Full breakdown of the fourth-quarter drive is in the Gun Bunch scheme, formation Gun Bunch Wk.", daysAgo: 5 },
  { blogSlug: "title-update-1-3-patch-notes", author: "free", comment: "Does the update change anything for the zone read keep in CFB?", daysAgo: 18 },
  { blogSlug: "title-update-1-3-patch-notes", author: "admin", comment: "A little: QB contain reacts faster, so wait for the end to commit before pulling it.", daysAgo: 17 },
  { blogSlug: "community-tournament-october", author: "expired", comment: "Can I join if my membership ran out last month?", daysAgo: 11 },
  { blogSlug: "site-update-favorites-and-ratings", author: "premium", comment: "Favorites on the home page is a great addition. The 10-second skip too.", daysAgo: 3 },
];

export const SEED_RATINGS: { contentSlug: string; author: SeedStaffOrPremium; rating: number }[] = [
  { contentSlug: "cfb26-spread-rpo-attack", author: "premium", rating: 5 },
  { contentSlug: "cfb26-spread-rpo-attack", author: "admin", rating: 4 },
  { contentSlug: "cfb26-335-tite-defense", author: "premium", rating: 5 },
  { contentSlug: "cfb26-flexbone-triple-option", author: "superadmin", rating: 4 },
  { contentSlug: "madden26-gun-bunch-quick-pass", author: "premium", rating: 5 },
  { contentSlug: "madden26-gun-bunch-quick-pass", author: "superadmin", rating: 5 },
  { contentSlug: "madden26-nickel-match-defense", author: "admin", rating: 4 },
  { contentSlug: "madden26-pistol-power-run", author: "premium", rating: 3 },
];

export const SEED_FAVORITES: { contentSlug: string; author: SeedStaffOrPremium }[] = [
  { contentSlug: "cfb26-spread-rpo-attack", author: "premium" },
  { contentSlug: "cfb26-335-tite-defense", author: "premium" },
  { contentSlug: "madden26-gun-bunch-quick-pass", author: "premium" },
  { contentSlug: "madden26-lab-coverage-vs-four-verts", author: "premium" },
  { contentSlug: "madden26-nickel-match-defense", author: "admin" },
  { contentSlug: "cfb26-flexbone-triple-option", author: "superadmin" },
];

// ---------------------------------------------------------------------------------------------
// Install tracker: the premium demo member is half-way through the spread RPO attack (its next play
// is the self-hosted Mesh, watched to 0:04) and has every play of the Madden nickel defense game-ready.
// ---------------------------------------------------------------------------------------------

export type SeedProgress = { contentSlug: string; play: string; stage: "watched" | "practised" | "game-ready"; positionSeconds?: number; daysAgo: number };

const NICKEL_MATCH_PLAYS = [
  "nickel-2-4-5-even/cover-3-match",
  "nickel-2-4-5-even/cover-2-man",
  "nickel-2-4-5-even/mid-blitz",
  "nickel-3-3-5-odd/cover-4-drop",
  "nickel-3-3-5-odd/odd-sam-blitz",
  "nickel-3-3-5-odd/cover-1-robber",
  "dollar-3-2-6/cover-6",
  "dollar-3-2-6/dollar-fire-zone",
  "dollar-3-2-6/2-man-under",
];

export const SEED_PROGRESS: SeedProgress[] = [
  { contentSlug: "cfb26-spread-rpo-attack", play: "gun-trips-te/inside-zone-bubble", stage: "game-ready", daysAgo: 9 },
  { contentSlug: "cfb26-spread-rpo-attack", play: "gun-trips-te/stick", stage: "game-ready", daysAgo: 8 },
  { contentSlug: "cfb26-spread-rpo-attack", play: "gun-trips-te/four-verticals", stage: "game-ready", daysAgo: 6 },
  { contentSlug: "cfb26-spread-rpo-attack", play: "gun-bunch/snag", stage: "game-ready", daysAgo: 4 },
  { contentSlug: "cfb26-spread-rpo-attack", play: "gun-bunch/bunch-verticals", stage: "practised", daysAgo: 3 },
  { contentSlug: "cfb26-spread-rpo-attack", play: "gun-bunch/mesh", stage: "watched", positionSeconds: 4, daysAgo: 1 },
  ...NICKEL_MATCH_PLAYS.map((play, index) => ({ contentSlug: "madden26-nickel-match-defense", play, stage: "game-ready" as const, daysAgo: 30 - index })),
];

// ---------------------------------------------------------------------------------------------
// Gameplans: the premium demo member has one for each game, with plays in several situations
// (free and premium schemes) and a few notes.
// ---------------------------------------------------------------------------------------------

export type SeedGameplan = {
  name: string;
  game: "college" | "madden";
  daysAgo: number;
  /** In each situation's order: scheme slug, "formation/play", situation, optional note. */
  plays: { contentSlug: string; play: string; situation: (typeof GAMEPLAN_SITUATIONS)[number]; note?: string }[];
};

export const SEED_GAMEPLANS: SeedGameplan[] = [
  {
    name: "Rivalry Saturday",
    game: "college",
    daysAgo: 12,
    plays: [
      { contentSlug: "cfb26-spread-rpo-attack", play: "gun-trips-te/inside-zone-bubble", situation: "openers", note: "Read the apex; throw the bubble if he walks out." },
      { contentSlug: "cfb26-spread-rpo-attack", play: "gun-bunch/mesh", situation: "openers" },
      { contentSlug: "cfb26-flexbone-triple-option", play: "flexbone/triple-option", situation: "openers" },
      { contentSlug: "cfb26-spread-rpo-attack", play: "pistol-strong/zone-read", situation: "first-down" },
      { contentSlug: "cfb26-spread-rpo-attack", play: "gun-trips-te/stick", situation: "first-down" },
      { contentSlug: "cfb26-flexbone-triple-option", play: "flexbone/midline-option", situation: "third-short", note: "Only vs a 3-tech to the call side." },
      { contentSlug: "cfb26-spread-rpo-attack", play: "pistol-strong/counter", situation: "third-short" },
      { contentSlug: "cfb26-spread-rpo-attack", play: "gun-bunch/snag", situation: "third-long" },
      { contentSlug: "cfb26-spread-rpo-attack", play: "gun-trips-te/four-verticals", situation: "third-long", note: "Seam to the TE vs Cover 3." },
      { contentSlug: "cfb26-spread-rpo-attack", play: "gun-bunch/bunch-verticals", situation: "red-zone" },
      { contentSlug: "cfb26-flexbone-triple-option", play: "pistol-strong/pa-post", situation: "two-minute" },
      { contentSlug: "cfb26-spread-rpo-attack", play: "pistol-strong/pa-boot", situation: "vs-blitz" },
      { contentSlug: "cfb26-335-tite-defense", play: "335-tite/cover-3-match", situation: "third-long", note: "Defense: their 3rd and long." },
      { contentSlug: "cfb26-flexbone-triple-option", play: "singleback-ace/power", situation: "goal-line" },
    ],
  },
  {
    name: "Ranked Weekend",
    game: "madden",
    daysAgo: 10,
    plays: [
      { contentSlug: "madden26-gun-bunch-quick-pass", play: "gun-bunch-wk/mesh-spot", situation: "openers", note: "Hot route the RB to a flat vs man." },
      { contentSlug: "madden26-pistol-power-run", play: "pistol-strong/inside-zone-split", situation: "openers" },
      { contentSlug: "madden26-gun-bunch-quick-pass", play: "singleback-ace/slants", situation: "first-down" },
      { contentSlug: "madden26-pistol-power-run", play: "singleback-ace/duo", situation: "first-down" },
      { contentSlug: "madden26-pistol-power-run", play: "gun-trips-te/power-read", situation: "third-short" },
      { contentSlug: "madden26-gun-bunch-quick-pass", play: "gun-bunch-wk/bunch-stick", situation: "third-short" },
      { contentSlug: "madden26-gun-bunch-quick-pass", play: "gun-trips-te/spacing", situation: "third-long" },
      { contentSlug: "madden26-pistol-power-run", play: "singleback-ace/pa-deep-cross", situation: "third-long" },
      { contentSlug: "madden26-gun-bunch-quick-pass", play: "gun-bunch-wk/bunch-verticals", situation: "red-zone" },
      { contentSlug: "madden26-gun-bunch-quick-pass", play: "gun-trips-te/te-seam-verts", situation: "two-minute" },
      { contentSlug: "madden26-pistol-power-run", play: "singleback-ace/quick-slants", situation: "vs-blitz", note: "Ball out on the first step." },
      { contentSlug: "madden26-nickel-match-defense", play: "nickel-2-4-5-even/mid-blitz", situation: "third-long", note: "Defense: send it on their 3rd and long." },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Member-submitted tips
// ---------------------------------------------------------------------------------------------

export const SEED_TIPS: {
  author: "premium" | "free" | "expired";
  formationName: string;
  playName: string;
  playbook: string;
  gameType: "madden" | "college";
  tipDescription: string;
  status: "pending" | "approved" | "rejected";
  adminNotes: string | null;
  daysAgo: number;
}[] = [
  {
    author: "premium",
    formationName: "Gun Bunch Wk",
    playName: "Mesh Spot",
    playbook: "Kansas City Chiefs",
    gameType: "madden",
    tipDescription:
      "Motion the point man across before the snap. If a defender follows him it's man, so throw the crosser going the other way. Against zone, sit the spot route and throw it as soon as he turns.",
    status: "approved",
    adminNotes: "Tested in practice mode, works well against Cover 1. Featured in this week's roundup.",
    daysAgo: 22,
  },
  {
    author: "free",
    formationName: "Pistol Strong",
    playName: "Zone Read",
    playbook: "Oregon",
    gameType: "college",
    tipDescription:
      "Put the backside receiver on a slant as a hot route. When the end crashes and the linebacker scrapes, you pull it and have the slant open behind him.",
    status: "approved",
    adminNotes: "Good read, added to the Spread RPO scheme notes.",
    daysAgo: 15,
  },
  {
    author: "expired",
    formationName: "Nickel 2-4-5 Even",
    playName: "Cover 3 Match",
    playbook: "Multiple D",
    gameType: "madden",
    tipDescription: "Just spam this every down, nobody can beat it.",
    status: "rejected",
    adminNotes: "Please tell us what the play beats and what beats it. Four verticals yes, floods no.",
    daysAgo: 26,
  },
  {
    author: "premium",
    formationName: "Flexbone",
    playName: "Triple Option",
    playbook: "Navy",
    gameType: "college",
    tipDescription:
      "Flip the play and motion the slotback away from the boundary. The pitch key ends up out of position and you get a free keep for 5+ yards.",
    status: "rejected",
    adminNotes: "Could not reproduce: the pitch key adjusts with the motion in our tests. Send a clip if you have one.",
    daysAgo: 10,
  },
  {
    author: "premium",
    formationName: "Gun Trips TE",
    playName: "TE Seam Verts",
    playbook: "San Francisco 49ers",
    gameType: "madden",
    tipDescription:
      "Block the running back and hot route the outside receiver to a curl. The safety has to choose between the TE seam and the inside vertical, so one of them is always open.",
    status: "pending",
    adminNotes: null,
    daysAgo: 3,
  },
  {
    author: "free",
    formationName: "3-3-5 Tite",
    playName: "Tite Mid Blitz",
    playbook: "Iowa State",
    gameType: "college",
    tipDescription:
      "Lab request: does showing blitz on the Star before the snap make the CPU quarterback throw the hot route more often?",
    status: "pending",
    adminNotes: null,
    daysAgo: 2,
  },
  {
    author: "expired",
    formationName: "Singleback Ace",
    playName: "PA Boot Over",
    playbook: "Baltimore Ravens",
    gameType: "madden",
    tipDescription:
      "Run it right after two Inside Zone calls in a row. The over route is wide open against Cover 3 because the hook defenders jump the run fake.",
    status: "pending",
    adminNotes: null,
    daysAgo: 1,
  },
];

// ---------------------------------------------------------------------------------------------
// The patch tracker: each game's title updates and what staff found after them
// ---------------------------------------------------------------------------------------------

export const SEED_TITLE_UPDATES: {
  game: "college" | "madden";
  version: string;
  daysAgo: number;
  gameplay: boolean;
  summary: string;
}[] = [
  { game: "college", version: "1.05", daysAgo: 62, gameplay: true, summary: "Option pitch timing and outside zone blocking reworked; kickoff return fixes." },
  { game: "college", version: "1.06", daysAgo: 34, gameplay: false, summary: "Rosters, uniforms and stadium fixes. No gameplay changes." },
  { game: "college", version: "1.07", daysAgo: 6, gameplay: true, summary: "Zone defenders carry crossers further, QB contain reacts faster and the A-gap overload blitz was toned down." },
  { game: "madden", version: "1.06", daysAgo: 48, gameplay: true, summary: "Run blocking on inside zone and pass rush moves rebalanced." },
  { game: "madden", version: "1.07", daysAgo: 26, gameplay: true, summary: "Press coverage and release battles; fewer broken tackles on screens." },
  { game: "madden", version: "1.08", daysAgo: 4, gameplay: true, summary: "Coverage AI: hook defenders no longer carry the flat, and A-gap blitzes arrive a step later." },
];

/**
 * What staff recorded after each update, in order. A gameplay update first sends every verified or
 * adjusted item of its game (created before it) to re-test, as recording it on the dashboard does.
 */
export const SEED_STATUS_EVENTS: {
  contentSlug: string;
  /** 'formation-slug/play-slug' for a play. */
  play?: string;
  version: string;
  status: "verified" | "needs-retest" | "adjusted" | "nerfed";
  note?: string;
  alternative?: string;
  daysAgo: number;
}[] = [
  // College 1.05
  { contentSlug: "cfb26-flexbone-triple-option", version: "1.05", status: "adjusted", note: "Pitch later: since 1.05 the pitch man needs an extra step to get outside the end.", daysAgo: 18 },
  { contentSlug: "cfb26-stop-the-qb-run", version: "1.05", status: "verified", daysAgo: 21 },
  // College 1.07
  { contentSlug: "cfb26-335-tite-defense", version: "1.07", status: "adjusted", note: "RB screens beat Tite Mid Blitz more often since 1.07: user the remaining linebacker and spy the back.", daysAgo: 3 },
  { contentSlug: "cfb26-335-tite-defense", play: "335-split/sugar-a-gap-blitz", version: "1.07", status: "nerfed", note: "1.07 toned down the A-gap overload: the blitz arrives a step late and the hot route beats it.", alternative: "/content/cfb26-335-tite-defense/section/335-tite/play/tite-mid-blitz", daysAgo: 3 },
  { contentSlug: "cfb26-335-tite-defense", play: "335-tite/cover-3-match", version: "1.07", status: "verified", daysAgo: 3 },
  { contentSlug: "cfb26-335-tite-defense", play: "335-tite/tite-mid-blitz", version: "1.07", status: "verified", daysAgo: 3 },
  { contentSlug: "cfb26-335-tite-defense", play: "335-tite/cover-1-robber", version: "1.07", status: "verified", daysAgo: 3 },
  { contentSlug: "cfb26-read-cover-2-vs-cover-4", version: "1.07", status: "verified", daysAgo: 4 },
  { contentSlug: "cfb26-hot-routes-vs-blitz", version: "1.07", status: "verified", daysAgo: 4 },
  { contentSlug: "cfb26-stop-the-qb-run", version: "1.07", status: "adjusted", note: "QB contain reacts faster since 1.07: spy with the MIKE instead of crashing the edge.", daysAgo: 2 },
  { contentSlug: "cfb26-ranked-spread-vs-335", version: "1.07", status: "verified", daysAgo: 5 },
  { contentSlug: "cfb26-dynasty-rivalry-week", version: "1.07", status: "verified", daysAgo: 5 },
  { contentSlug: "cfb26-comeback-clock-management", version: "1.07", status: "verified", daysAgo: 5 },
  { contentSlug: "cfb26-lab-pass-rush-moves", version: "1.07", status: "verified", daysAgo: 4 },
  { contentSlug: "cfb26-lab-wear-and-tear", version: "1.07", status: "verified", daysAgo: 4 },
  // Madden 1.07
  { contentSlug: "madden26-nickel-match-defense", version: "1.07", status: "verified", daysAgo: 24 },
  { contentSlug: "madden26-pistol-power-run", version: "1.07", status: "verified", daysAgo: 20 },
  { contentSlug: "madden26-lab-run-fits", version: "1.07", status: "adjusted", note: "Fit the A gap with the MIKE before the Will flows: the pulling guard gets there sooner since 1.07.", daysAgo: 22 },
  // Madden 1.08
  { contentSlug: "madden26-nickel-match-defense", version: "1.08", status: "adjusted", note: "Shade the flats to the strength against trips: since 1.08 the hook defender no longer carries the flat.", daysAgo: 2 },
  { contentSlug: "madden26-nickel-match-defense", play: "nickel-2-4-5-even/mid-blitz", version: "1.08", status: "nerfed", note: "1.08 slowed A-gap rushers: Mid Blitz gets home a step late and leaves the middle open.", alternative: "/content/madden26-nickel-match-defense/section/nickel-3-3-5-odd/play/odd-sam-blitz", daysAgo: 2 },
  { contentSlug: "madden26-nickel-match-defense", play: "nickel-2-4-5-even/cover-3-match", version: "1.08", status: "verified", daysAgo: 2 },
  { contentSlug: "madden26-nickel-match-defense", play: "nickel-2-4-5-even/cover-2-man", version: "1.08", status: "verified", daysAgo: 2 },
  { contentSlug: "madden26-nickel-match-defense", play: "nickel-3-3-5-odd/odd-sam-blitz", version: "1.08", status: "verified", daysAgo: 2 },
  { contentSlug: "madden26-pistol-power-run", version: "1.08", status: "verified", daysAgo: 1 },
  { contentSlug: "madden26-coverage-shell-reads", version: "1.08", status: "verified", daysAgo: 2 },
  { contentSlug: "madden26-hot-route-menu", version: "1.08", status: "verified", daysAgo: 1 },
  { contentSlug: "madden26-top-100-gun-bunch", version: "1.08", status: "verified", daysAgo: 3 },
  { contentSlug: "madden26-mut-champs-run", version: "1.08", status: "verified", daysAgo: 3 },
  { contentSlug: "madden26-lab-run-fits", version: "1.08", status: "verified", daysAgo: 2 },
];
