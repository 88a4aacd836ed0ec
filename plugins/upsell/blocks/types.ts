import type { Lander } from '@core'
import type { ComponentType } from 'react'
import type { Step, StepBlock } from '../lander'

export type Outcome = 'accepted' | 'declined' | 'failure'

/** What every step block gets from the lander screen. */
export interface BlockProps {
  lander: Lander
  step: Step
  /** 0-based position among the lander's flow steps. */
  index: number
  /** The step is finished: record it and go on to the next one (or the accepted page after the last). */
  onDone: (data?: Record<string, unknown>) => void
  /** Leave the lander for one of its end pages (endsOn), with extra query parameters. */
  finish: (outcome: Outcome, query?: Record<string, string>) => void
  /** The tpsha1 the visitor arrived with, passed to the payment calls and the end pages. */
  tpsha1?: string
}

export type BlockModule = { default: ComponentType<BlockProps> }

export type BlockLoaders = Record<StepBlock, () => Promise<BlockModule>>
