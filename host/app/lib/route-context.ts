import { createContext, useContext } from "react";

/** The parameters of the current route (`:slug`, `:category`, …), provided by the shell. */
export const RouteParams = createContext<Record<string, string>>({});
export const useParams = () => useContext(RouteParams);
