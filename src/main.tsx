import { inTasks, markBoot } from './tasks/boot-tasks'
import './ui/tokens.css'

markBoot('entry')
// The entry evaluates the app in steps, each in a task of its own (inTasks). Its scripts are all
// loaded, since an `eager` import makes no chunk and no request of its own, but a module's code runs
// only when its import is called. With static imports the libraries, the core and the plugins all ran
// in the task that evaluated the entry script: 40 ms on this machine, 300 ms on a phone (CPU x8),
// with the drawn page answering no input.
inTasks<unknown>([
  () => import(/* webpackMode: "eager" */ './i18n'), // i18next
  () => import(/* webpackMode: "eager" */ './state/root'), // mobx, mobx-state-tree
  () => import(/* webpackMode: "eager" */ './App'), // React, React Router, the layout
  // the start, with the brand's module: its plugins are evaluated one per task in start()
  () => import(/* webpackMode: "eager" */ './start'),
]).then((m) => (m[3] as typeof import('./start')).start(document.getElementById('root')!))
