import { data } from "react-router";
import { NotFound } from "~/root";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
