import { avatarInitial, type Viewer } from "~/lib/viewer";

export function Avatar({
  person,
  size = "h-9 w-9 text-sm",
}: {
  person: Pick<Viewer, "firstName" | "email" | "profileImageUrl">;
  size?: string;
}) {
  if (person.profileImageUrl) {
    return <img src={person.profileImageUrl} alt="" className={`${size} rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center rounded-full bg-turf font-black text-field-950`}
    >
      {avatarInitial(person)}
    </span>
  );
}
