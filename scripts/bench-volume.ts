// Volume data for `npm run bench`: generated inside D1 with recursive CTEs, so half a million rows
// load in seconds. Only ever run against the bench's own local state.

export const VOLUME = {
  content: 100_000,
  users: 20_000,
  comments: 200_000,
  ratings: 50_000,
  favorites: 50_000,
  blogPosts: 2_000,
  /** Install tracker rows: 50 plays for each of the 20,000 users. */
  playProgress: 1_000_000,
};

/** The tables the volume data fills most (1,000,000, 200,000 and 360,000 rows). */
export const BULK_TABLES = ["play_progress", "comments", "content_plays"];

const TYPES = ["meta-scheme", "off-meta-scheme", "pro-tip", "gameplay", "lab-sessions"];
const DAY_MS = 86_400_000;

function series(count: number) {
  return `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
}

/** The statements, in order. `now` anchors the dates; the seed's own rows stay newest. */
export function volumeStatements(now: number): string[] {
  const start = now - 400 * DAY_MS;
  const typeCase = `CASE i % 5 ${TYPES.map((type, index) => `WHEN ${index} THEN '${type}'`).join(" ")} END`;
  return [
    `${series(VOLUME.users)}
     INSERT INTO users (id, email, first_name, last_name, role, subscription_tier, subscription_status, access_expires_at, email_confirmed_at, created_at, updated_at)
     SELECT 'bench-user-' || i, 'bench' || i || '@example.net', 'Player' || i, 'Bench', 'user',
            CASE WHEN i % 3 = 0 THEN 'premium' ELSE 'free' END,
            CASE WHEN i % 3 = 0 THEN 'active' ELSE 'inactive' END,
            CASE WHEN i % 3 = 0 THEN ${now + 365 * DAY_MS} ELSE NULL END,
            ${start}, ${start} + i * 1000, ${start} + i * 1000
     FROM n`,
    `${series(VOLUME.content)}
     INSERT INTO content (slug, title, description, type, game, thumbnail_url, video_url, tags, difficulty, required_tier, is_published, views, published_at, created_at, updated_at)
     SELECT 'bench-content-' || i, 'Bench strategy ' || i || ': reading the defense',
            'A volume item used by the benchmark. It describes a concept, the read and the counter in about the length of a real description on the site.',
            ${typeCase}, CASE WHEN (i / 5) % 2 = 0 THEN 'madden' ELSE 'college' END,
            '/media/thumbnail/seed-thumb-gameplay.png', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', '["bench","volume"]',
            'intermediate', CASE WHEN i % 10 = 0 THEN 'free' ELSE 'premium' END,
            CASE WHEN i % 50 = 0 THEN 0 ELSE 1 END, i % 5000,
            CASE WHEN i % 50 = 0 THEN NULL ELSE ${start} + i * 300000 END, ${start} + i * 300000, ${start} + i * 300000
     FROM n`,
    `INSERT INTO content_sections (content_id, slug, title, description, image_url, position)
     SELECT c.id, 'formation-' || k.k, 'Formation ' || k.k, '<p>Formation notes for the benchmark.</p>', '/media/formationart/seed-formation-gun-bunch.png', k.k
     FROM content c JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) k
     WHERE c.slug LIKE 'bench-content-%' AND c.type IN ('meta-scheme', 'off-meta-scheme')`,
    `INSERT INTO content_plays (section_id, slug, title, description, image_url, video_provider, video_url, position)
     SELECT s.id, 'play-' || k.k, 'Play ' || k.k, 'The read, the key and the counter for this play, written for the benchmark.', '/media/playart/seed-play-mesh.png', 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', k.k
     FROM content_sections s JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) k
     WHERE s.slug LIKE 'formation-%' AND s.content_id IN (SELECT id FROM content WHERE slug LIKE 'bench-content-%')`,
    `${series(VOLUME.blogPosts)}
     INSERT INTO blog_posts (slug, title, excerpt, content, category, featured_image, is_published, published_at, created_at, updated_at)
     SELECT 'bench-post-' || i, 'Bench post ' || i, 'An excerpt for the benchmark.', '## Heading\n\nA paragraph with **bold** text.\n\n- one\n- two',
            CASE i % 3 WHEN 0 THEN 'updates' WHEN 1 THEN 'announcements' ELSE 'news' END, '/media/thumbnail/seed-blog-community.png',
            CASE WHEN i % 20 = 0 THEN 0 ELSE 1 END, CASE WHEN i % 20 = 0 THEN NULL ELSE ${start} + i * 3600000 END,
            ${start} + i * 3600000, ${start} + i * 3600000
     FROM n`,
    `${series(VOLUME.comments)}
     INSERT INTO comments (user_id, content_type, content_id, blog_post_id, comment, author_name, created_at, updated_at)
     SELECT 'bench-user-' || (1 + i % ${VOLUME.users}),
            CASE WHEN i % 10 = 0 THEN 'blog' ELSE 'content' END,
            CASE WHEN i % 10 = 0 THEN NULL ELSE (SELECT id FROM content WHERE slug = 'bench-content-' || (1 + (i * 7) % ${VOLUME.content})) END,
            CASE WHEN i % 10 = 0 THEN (SELECT id FROM blog_posts WHERE slug = 'bench-post-' || (1 + i % ${VOLUME.blogPosts})) ELSE NULL END,
            'A benchmark comment about this play and when to call it.', 'Player' || (1 + i % ${VOLUME.users}),
            ${start} + i * 60000, ${start} + i * 60000
     FROM n`,
    `${series(VOLUME.ratings)}
     INSERT OR IGNORE INTO content_ratings (user_id, content_id, rating, created_at, updated_at)
     SELECT 'bench-user-' || (1 + i % ${VOLUME.users}), (SELECT id FROM content WHERE slug = 'bench-content-' || (1 + (i * 13) % ${VOLUME.content})), 1 + i % 5, ${now}, ${now}
     FROM n`,
    `${series(VOLUME.favorites)}
     INSERT OR IGNORE INTO favorites (user_id, content_id, created_at)
     SELECT 'bench-user-' || (1 + i % ${VOLUME.users}), (SELECT id FROM content WHERE slug = 'bench-content-' || (1 + (i * 17) % ${VOLUME.content})), ${start} + i * 1000
     FROM n`,
    // The volume plays were inserted by one statement, so their ids run on from the first: member u's
    // k-th row names play (u * 131 + k * 3607) mod N, distinct for each of a member's 50 rows.
    `${series(VOLUME.playProgress)},
     plays(first, total) AS (
       SELECT min(p.id), count(*) FROM content_plays p JOIN content_sections s ON s.id = p.section_id WHERE s.slug LIKE 'formation-%'
     )
     INSERT OR IGNORE INTO play_progress (user_id, play_id, content_id, stage, position_seconds, position_saved_at, started_at, created_at, updated_at)
     SELECT 'bench-user-' || (1 + (i - 1) % ${VOLUME.users}), p.id, s.content_id,
            CASE i % 4 WHEN 0 THEN 'not-started' WHEN 1 THEN 'watched' WHEN 2 THEN 'practised' ELSE 'game-ready' END,
            CASE WHEN i % 4 = 0 THEN i % 300 ELSE NULL END, CASE WHEN i % 4 = 0 THEN ${start} + i * 30 ELSE NULL END,
            CASE WHEN i % 4 = 0 THEN NULL ELSE ${start} + i * 30 END, ${start} + i * 30, ${start} + i * 30
     FROM n, plays
     JOIN content_plays p ON p.id = plays.first + (((i - 1) % ${VOLUME.users}) * 131 + ((i - 1) / ${VOLUME.users}) * 3607) % plays.total
     JOIN content_sections s ON s.id = p.section_id`,
  ];
}
