import { makeAutoObservable } from "mobx";
import { type Viewport, viewportOf } from "../domain/constants.ts";

/** Viewport class, touch marker and the side drawer. */
export class UiStore {
  width: number;
  touch: boolean;
  drawerOpen = false;

  constructor(width: number, touch: boolean) {
    this.width = width;
    this.touch = touch;
    makeAutoObservable(this);
  }

  get viewport(): Viewport {
    return viewportOf(this.width);
  }

  /** The side drawer replaces the inline menu on small and medium screens. */
  get usesDrawer(): boolean {
    return this.viewport !== "desktop";
  }

  setWidth(width: number): void {
    this.width = width;
    if (!this.usesDrawer) this.drawerOpen = false;
  }

  setDrawerOpen(open: boolean): void {
    this.drawerOpen = open;
  }
}
