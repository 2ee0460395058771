import { useEffect, useState } from "react";
import type { ApiClient } from "../../../src/api/client.js";
import { getWorkplaces, type Workplaces } from "../../../src/api/index.js";
import { useSession } from "./session.js";
import { useStore } from "./store.js";

/**
 * Where a signed-in account works (`GET /user/v1/workplaces`): at a studio location (/studio) and in the company's
 * console (/admin). Asked once per account and page load: the header's Studio and Console entries and the landing
 * after sign-in read it. A failed call counts as nowhere (members work at neither).
 */
const asked = new Map<string, Promise<Workplaces>>();
const NOWHERE: Workplaces = { studio: false, console_role: null };

function workplaces(api: ApiClient, account: string): Promise<Workplaces> {
  let answer = asked.get(account);
  if (!answer) {
    answer = getWorkplaces(api).catch(() => {
      asked.delete(account); // asked again on the next page that needs it
      return NOWHERE;
    });
    asked.set(account, answer);
  }
  return answer;
}

/** Where the signed-in account works (nowhere while unknown and when signed out). */
export function useWorkplaces(): Workplaces {
  const store = useStore();
  const account = useSession().claims?.sub;
  const [known, setKnown] = useState<{ account: string; places: Workplaces }>();
  useEffect(() => {
    if (!account) return;
    let live = true;
    void workplaces(store.api, account).then((places) => live && setKnown({ account, places }));
    return () => void (live = false);
  }, [account, store]);
  return account && known?.account === account ? known.places : NOWHERE;
}

/**
 * Where a sign-in lands without an asked-for page: the company's people go to the console, staff and owners at work
 * to /studio, members to /home. The account is read from the fresh sign-in's answer (the claims may not be loaded).
 */
export async function landingAfterSignIn(api: ApiClient, account: string): Promise<string> {
  const places = await workplaces(api, account);
  return places.console_role ? "/admin" : places.studio ? "/studio" : "/home";
}
