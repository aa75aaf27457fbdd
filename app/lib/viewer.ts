// What every page knows about the signed-in person (sent to the browser: no secrets here).
export type Viewer = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: "user" | "admin" | "superadmin";
  profileImageUrl: string | null;
  hasPremium: boolean;
  isStaff: boolean;
  isSuperadmin: boolean;
  pastDue: boolean;
};

export function displayFirstName(viewer: Pick<Viewer, "firstName">): string {
  return viewer.firstName?.trim() || "User";
}

export function fullName(viewer: Pick<Viewer, "firstName" | "lastName">): string {
  return [viewer.firstName, viewer.lastName].filter(Boolean).join(" ").trim();
}

/** The avatar's fallback: first letter of the first name, else of the e-mail. */
export function avatarInitial(viewer: Pick<Viewer, "firstName" | "email">): string {
  const source = viewer.firstName?.trim() || viewer.email;
  return source.charAt(0).toUpperCase();
}
