import { asc } from "drizzle-orm";
import { testimonials } from "../../db/schema.ts";
import { type Database, reusableSelect } from "./db.server.ts";

export const testimonialsQuery = reusableSelect((db: Database) => {
  return db
    .select({ id: testimonials.id, name: testimonials.name, title: testimonials.title, content: testimonials.content, rating: testimonials.rating })
    .from(testimonials)
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.id))
    .limit(50);
});
