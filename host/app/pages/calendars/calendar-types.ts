/** A calendar as the lists answer it (public list, or the member's list with their status). */
export interface CalendarSummary {
  id: string;
  calendar_id?: string;
  slug: string;
  name: string;
  description?: string;
  image_url?: string;
  total_days?: number;
  status?: "enrolled" | "not_enrolled" | string;
}
