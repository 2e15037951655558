// The panels beside the board(s), made together: scoreboard, chart, inspector (with the pinned
// unit's history), tooltip, units, events, rejected orders, bot annotations, and the timeline's marks.
import type { Elements } from "../page";
import type { ViewerState } from "../viewer-state";
import { BotNotes } from "./bot-notes";
import { ChartPanel } from "./chart-panel";
import { EventList } from "./event-list";
import { Inspector } from "./inspector";
import { RejectedList } from "./rejected-list";
import { Scoreboard } from "./scoreboard";
import { TimelineMarks } from "./timeline-marks";
import { Tooltip } from "./tooltip";
import { UnitList } from "./unit-list";
import { UnitSearch } from "./unit-search";

/** The side panels of the page. */
export interface SidePanels {
  scoreboard: Scoreboard;
  chart: ChartPanel;
  inspector: Inspector;
  tooltip: Tooltip;
  units: UnitList;
  events: EventList;
  rejected: RejectedList;
  notes: BotNotes;
  /** The marks under the timeline. */
  marks: TimelineMarks;
  /** Search by unit id, beside them. */
  search: UnitSearch;
}

/** What the panels ask of the page. */
export interface SidePanelActions {
  /** Pauses and goes to a frame. */
  goTo(frame: number): void;
  /** Pins a unit of a board (undefined: unpins). */
  pin(key: string | undefined, board?: number): void;
  /** Draws the boards again. */
  render(): void;
  /** Fills the panels again now (a filter or a panel changed). */
  refresh(): void;
}

/** Makes the side panels on the page's elements. */
export function createSidePanels(
  el: Elements,
  state: ViewerState,
  actions: SidePanelActions,
): SidePanels {
  return {
    scoreboard: new Scoreboard(el.scoreboard!, state),
    chart: new ChartPanel(el.chart as HTMLCanvasElement, el["chart-caption"]!, state, (frame) =>
      actions.goTo(frame),
    ),
    inspector: new Inspector(
      el.inspector!,
      state,
      () => actions.pin(undefined),
      (frame) => actions.goTo(frame),
    ),
    tooltip: new Tooltip(el.tooltip!, state),
    units: new UnitList(el["units-panel"] as HTMLDetailsElement, el.units!, state, {
      pin: (key, board) => actions.pin(key, board),
      toggled: () => actions.refresh(),
    }),
    events: new EventList(
      el["event-player"] as HTMLSelectElement,
      el["event-moves"] as HTMLInputElement,
      el.events!,
      state,
      () => actions.refresh(),
    ),
    rejected: new RejectedList(el.rejected!, state, (key, board) => actions.pin(key, board)),
    marks: new TimelineMarks(
      el.marks as HTMLCanvasElement,
      el["mark-player"] as HTMLSelectElement,
      state,
      (frame) => actions.goTo(frame),
    ),
    search: new UnitSearch(
      el["unit-search"] as HTMLInputElement,
      el["search-result"]!,
      state,
      (key) => actions.pin(key, 0),
    ),
    notes: new BotNotes(el["notes-panel"]!, el["note-toggles"]!, el.notes!, state, {
      goTo: (frame) => actions.goTo(frame),
      changed: () => {
        actions.render();
        actions.refresh();
      },
    }),
  };
}
