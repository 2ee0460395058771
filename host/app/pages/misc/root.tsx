import { Redirect } from "wouter";

/** "/" is the home page. */
export default function RootPage() {
  return <Redirect to="/home" replace />;
}
