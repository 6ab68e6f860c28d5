import PseudoscopeCore
import PseudoscopeDrawing

extension InspectorState {
    /// Applies one message and returns what the world should do about it.
    public mutating func update(_ m: InspectorMessage) -> [Effect] {
        chrome.message = nil
        switch m {
        case .move, .right, .left:
            moveInFocusedPane(m)
        case .toggleExpanded: tree.toggle()
        case .expandSubtree: tree.expandSubtree()
        case .collapseSubtree: tree.collapseSubtree()
        case .expandAll: tree.expandAll()
        case .nextPane: focus = Pane(rawValue: (focus.rawValue + 1) % Pane.allCases.count)!
        case .previousPane: focus = Pane(rawValue: (focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count)!
        case .searchIndexReady(let index):
            if searchIndex == nil { searchIndex = index }
        case .startSearch:
            if searchIndex == nil { searchIndex = SearchIndex(hierarchy, extra: strings.searchTexts) }
            searchQuery = ""
            searchOrigin = selected
            matches = []
        case .searchInput(let c):
            let previous = searchQuery ?? ""
            searchQuery = previous + c
            // A longer query only narrows the previous matches.
            updateIncrementalSearch(narrowing: previous.isEmpty ? nil : matches)
        case .searchBackspace:
            if var q = searchQuery, !q.isEmpty {
                q.removeLast()
                searchQuery = q
                updateIncrementalSearch(narrowing: nil)
            }
        case .searchCommit:
            lastQuery = searchQuery ?? ""
            searchQuery = nil
            if lastQuery.isEmpty {
                matches = []
            } else if matches.isEmpty {
                chrome.message = "Nothing found for /\(lastQuery)"
            } else {
                chrome.message = "\(matches.count) match\(matches.count == 1 ? "" : "es") for /\(lastQuery)"
            }
        case .searchCancel:
            searchQuery = nil
            if let o = searchOrigin { select(o) }
            matches = lastQuery.isEmpty ? [] : (searchIndex?.matches(lastQuery) ?? [])
        case .escape:
            if zoom { zoom = false }
        case .nextMatch, .previousMatch:
            jump(
                through: matches, forward: m == .nextMatch,
                none: lastQuery.isEmpty ? "No search yet: press / to search" : "Nothing found for /\(lastQuery)", what: "Search")
        case .nextFinding, .previousFinding:
            let forward = m == .nextFinding
            // In the night's queue, past the last finding (or before the first) is the next (previous) run's.
            let stops = findingStops
            if queue != nil, let next = WrapAround.next(in: stops, from: selected, forward: forward), next.1 || stops.isEmpty {
                return [.nextRunInQueue(forward: forward)]
            }
            if queue != nil, stops.isEmpty { return [.nextRunInQueue(forward: forward)] }
            jump(through: stops, forward: forward, none: "No findings in this archive", what: "Findings")
            if let proposal = proposalMessage(at: selected) {
                chrome.message = proposal
            } else if let place = queueMessage(at: selected) {
                chrome.message = place
            }
        case .jumpToFailing:
            if let f = archive.failingIndex {
                select(f)
            } else if !archive.failure.namesAnElement {
                chrome.message = "Failing element: \(ArchiveText.noFailingElement)"
            } else {
                chrome.message = "The failing element \(ElementName.of(archive.failure)) is not in the hierarchy"
            }
        case .toggleZoom: zoom.toggle()
        case .toggleMirror:
            if archive.mode.isRightToLeft { chrome.message = "This run is already right-to-left" } else { mirror.toggle() }
        case .openCopyMenu:
            copyMenuOpen = true
        case .copyItem(let key):
            guard let item = copyItems.first(where: { $0.key == key }) else {
                chrome.message = "No copy item '\(key)': " + copyItems.map { "\($0.key) \($0.title)" }.joined(separator: ", ")
                return []
            }
            copyMenuOpen = false
            copied = item
            chrome.message = clipboard.status(item.title, count: item.text.count)
            return [.copy(text: item.text, what: item.title)]
        case .closeCopy:
            copyMenuOpen = false
            copied = nil
        case .showCopiedPlain:
            guard let item = copied else { return [] }
            copied = nil
            return [.showPlain(text: item.text, what: item.title)]
        case .cycleDrawing:
            return cycleDrawing()
        case .cycleDrawingRoom:
            drawingRoom = drawingRoom.next
            tree.setPageSize(layout.tree.height - 1)
            clampDetailsScroll()
            chrome.message = "Wireframe pane: \(drawingRoom.name), \(layout.wireframe.width) columns (w changes it)"
        case .screenshotLoaded(let result):
            switch result {
            case .success(let picture):
                // A frame of a recording says which, as `info` does: it is not a screenshot Xcode took.
                if let t = picture.frameTime, let asked = picture.requestedTime {
                    let description = archive.pictureRequest.recordingFrameDescription(
                        frameTime: t, requested: asked, stoppedBecause: picture.stoppedBecause)
                    screenshot = .loaded(picture.image, kind: description)
                    chrome.message = "Picture: " + description
                } else {
                    screenshot = .loaded(picture.image, kind: picture.description)
                }
            case .failure(let e): screenshot = .unavailable("No screenshot: " + (e.file.isEmpty ? e.located : e.description))
            }
        case .startBaseline:
            guard baselinePath != nil else {
                chrome.message = "Open with --baseline FILE to record known issues"
                return []
            }
            guard !(index.byElement[selected] ?? []).isEmpty else {
                chrome.message = "This element has no finding to record"
                return []
            }
            baselinePrompt = BaselinePrompt()
        case .promptInput(let c):
            baselinePrompt?.text.append(c)
        case .promptBackspace:
            if baselinePrompt?.text.isEmpty == false { baselinePrompt?.text.removeLast() }
        case .promptCancel:
            baselinePrompt = nil
            chrome.message = "Nothing recorded"
        case .promptCommit:
            return commitBaselineStep()
        case .baselineWritten(let entries, let result, let marked, let judged):
            switch result {
            case .success(let new):
                // Marked by the effect interpreter with the baseline as written, as `check --baseline` marks them
                // (the expiry typed, not a guess): the index is built again from them.
                index = FindingIndex(marked, hierarchy: archive.hierarchy)
                verdict = judged
                chrome.message =
                    "Recorded \(entries.count) known issue\(entries.count == 1 ? "" : "s") in \(baselinePath ?? "the baseline")"
                    + (new < entries.count ? " (\(entries.count - new) replaced)" : "")
            case .failure(let e):
                chrome.message = "Not recorded: \(e.description)"
            }
        case .toggleDetails:
            showArchiveDetails.toggle()
            detailsScroll.reset()
        case .chrome(let c):
            let effects = chrome.update(c)
            if case .resize = c {
                tree.setPageSize(layout.tree.height - 1)
                clampDetailsScroll()
            }
            return effects
        case .click(let x, let y): click(x: x, y: y)
        case .scroll(let rows):
            if focus == .details { scrollDetails(by: rows) } else { tree.scrollView(by: rows) }
        }
        return []
    }

    /// Wireframe → screenshot → both (when the pane is wide enough for two drawings) → wireframe. The screenshot
    /// is read the first time it is shown.
    mutating func cycleDrawing() -> [Effect] {
        switch drawingView {
        case .wireframe: drawingView = .screenshot
        case .screenshot:
            let need = 2 * InspectorState.minimumDrawingWidth + 1
            if layout.wireframe.width >= need {
                drawingView = .both
            } else {
                // Said, not skipped silently: "both side by side" needs room the pane does not have.
                drawingView = .wireframe
                chrome.message =
                    "Both side by side need \(need) columns; the pane has \(layout.wireframe.width)"
                    + (drawingRoom == .widest ? " (a wider terminal shows them)" : " (w widens it)")
            }
        case .both: drawingView = .wireframe
        }
        guard drawingView != .wireframe, screenshot == .notLoaded else { return [] }
        // Found and read by the effect interpreter: `update` touches no file.
        screenshot = .loading
        return [.loadPicture(archive.pictureRequest)]
    }

    /// Takes the typed answer; after the last question, asks the driver to write the entries.
    mutating func commitBaselineStep() -> [Effect] {
        guard var p = baselinePrompt, let path = baselinePath else { return [] }
        let answer = p.text.trimmingCharacters(in: .whitespaces)
        p.text = ""
        p.problem = nil
        func ask(_ problem: String) -> [Effect] {
            p.problem = problem
            baselinePrompt = p
            return []
        }
        switch p.step {
        case .reason:
            guard !answer.isEmpty else { return ask("A reason is needed.") }
            p.reason = answer
            p.step = .owner
        case .owner:
            guard !answer.isEmpty else { return ask("An owner is needed.") }
            p.owner = answer
            p.step = .expires
        case .expires:
            let day: CalendarDay
            if answer.isEmpty {
                day = today.adding(days: 30)
            } else if let d = CalendarDay(answer) {
                day = d
            } else {
                let shape = answer.count == 10 && answer.filter { $0 == "-" }.count == 2
                return ask("'\(TerminalText.sanitize(answer))' is not \(shape ? "a day of the calendar" : "a date"): give YYYY-MM-DD.")
            }
            // A day already past would record an entry expired on arrival: said, and recorded only when confirmed.
            if day < today, p.pastDay != day {
                p.pastDay = day
                p.text = answer
                return ask("\(day) is in the past: the entry would be expired at once. Enter again to record it anyway, or type another date.")
            }
            baselinePrompt = nil
            let entries = (index.byElement[selected] ?? []).map { f in
                Baseline.Entry(
                    fingerprint: f.fingerprint, rule: f.rule.rawValue, screen: archive.screen, element: f.elementReference,
                    reason: p.reason, owner: p.owner, expires: day)
            }
            return [.addToBaseline(path: path, entries: entries, findings: findings, verdict: verdict)]
        }
        baselinePrompt = p
        return []
    }

    // MARK: - Moving

    /// Keys go to the focused pane: the tree moves its selection, the details scroll, the wireframe moves to the
    /// nearest element in the key's direction.
    mutating func moveInFocusedPane(_ m: InspectorMessage) {
        let before = selected
        switch (focus, m) {
        case (.tree, .move(let movement)): tree.apply(movement)
        case (.tree, .right): tree.expandOrFirstChild()
        case (.tree, .left): tree.collapseOrParent()
        case (.details, .move(let movement)):
            let page = max(1, layout.details.height - 2)
            switch movement {
            case .down: scrollDetails(by: 1)
            case .up: scrollDetails(by: -1)
            case .pageDown: scrollDetails(by: page)
            case .pageUp: scrollDetails(by: -page)
            case .halfPageDown: scrollDetails(by: max(1, page / 2))
            case .halfPageUp: scrollDetails(by: -max(1, page / 2))
            case .top: detailsScroll.reset()
            case .bottom: scrollDetails(by: Int(Int32.max))
            }
        case (.wireframe, .move(.down)): moveSpatially(dx: 0, dy: 1)
        case (.wireframe, .move(.up)): moveSpatially(dx: 0, dy: -1)
        case (.wireframe, .right): moveSpatially(dx: 1, dy: 0)
        case (.wireframe, .left): moveSpatially(dx: -1, dy: 0)
        case (.wireframe, .move(.top)): select(archive.hierarchy.windowIndex ?? 0)
        default: break
        }
        if selected != before { detailsScroll.reset() }
    }

    mutating func select(_ i: Int) {
        guard i >= 0, i < hierarchy.count else { return }
        if i != selected { detailsScroll.reset() }
        tree.select(i)
    }

    mutating func scrollDetails(by delta: Int) {
        detailsScroll.scroll(by: delta, contentRows: DetailsPane.lineCount(self), pageRows: layout.details.height - 1)
    }

    mutating func clampDetailsScroll() { scrollDetails(by: 0) }

    /// Selects the drawn element nearest to the selection's centre in a direction: candidates lie within 45° of
    /// it, and the distance across the direction counts double, so a move stays in its row or column.
    mutating func moveSpatially(dx: Double, dy: Double) {
        let options = wireframeOptions
        let from = wireframe.drawnFrame(selected, options)
        let h = hierarchy
        var best: (score: Double, index: Int)?
        let ancestors = Set(h.path(to: selected))
        for i in h.indices where !ancestors.contains(i) && !h[i].frame.isEmpty {
            let f = wireframe.drawnFrame(i, options)
            let along = (f.midX - from.midX) * dx + (f.midY - from.midY) * dy
            let across = abs((f.midX - from.midX) * dy) + abs((f.midY - from.midY) * dx)
            guard along > 0.5, across <= along else { continue }
            let score = along + 2 * across
            if best == nil || score < best!.score { best = (score, i) }
        }
        if let b = best { select(b.index) } else { chrome.message = "No element in that direction" }
    }

    mutating func updateIncrementalSearch(narrowing previous: [Int]?) {
        let q = searchQuery ?? ""
        matches = q.isEmpty ? [] : (searchIndex?.matches(q, within: previous) ?? [])
        guard let origin = searchOrigin else { return }
        // As in vim and less: with no match, the cursor goes back to where the search started.
        guard !q.isEmpty, !matches.isEmpty else { select(origin); return }
        let k = WrapAround.lowerBound(matches, origin)
        select(k < matches.count ? matches[k] : matches[0])
    }

    /// Next or previous target in a sorted list, wrapping around with a message that says so.
    mutating func jump(through targets: [Int], forward: Bool, none: String, what: String) {
        guard let (target, wrapped) = WrapAround.next(in: targets, from: selected, forward: forward) else {
            chrome.message = none
            return
        }
        select(target)
        if wrapped { chrome.message = "\(what) wrapped to the \(forward ? "top" : "bottom")" }
    }

    mutating func click(x: Int, y: Int) {
        let l = layout
        if l.tree.contains(x: x, y: y) {
            focus = .tree
            let row = tree.list.scroll + (y - l.tree.y - 1)
            if y > l.tree.y, row >= 0, row < tree.rows.count { select(tree.rows[row]) }
        } else if l.wireframe.contains(x: x, y: y) {
            focus = .wireframe
            guard drawingView != .screenshot else { return }
            let (drawingLayout, options) = wireframeLayout()
            let origin = drawingOrigin(drawingLayout)
            if let i = wireframe.element(atColumn: x - origin.x, row: y - origin.y, layout: drawingLayout, options: options) { select(i) }
        } else if l.details.contains(x: x, y: y) {
            focus = .details
        }
    }

    // MARK: - The wireframe's geometry

    var wireframeOptions: WireframeOptions {
        var options = WireframeOptions(glyphs: glyphs)
        options.mirror = mirror
        options.selected = selected
        options.tags = proposalTags
        return options
    }

    /// The wireframe's layout for the pane: the whole screen, or the selection's surroundings when zoomed.
    public func wireframeLayout() -> (WireframeLayout, WireframeOptions) {
        var options = wireframeOptions
        let pane = wireframeRegion
        let w = pane.width, h = pane.height - 1
        if zoom, let v = zoomViewport(width: w, height: h) { options.viewport = v }
        return (wireframe.layout(width: w, height: h, options: options), options)
    }

    /// The region of the screen around the selection that `z` shows, in the shape of a `width`×`height` pane.
    public func zoomViewport(width w: Int, height h: Int) -> Rect? {
        let f = wireframe.drawnFrame(selected, wireframeOptions)
        guard !f.isEmpty else { return nil }
        // The element fills about two thirds of the pane along its tighter side, with its surroundings around
        // it, in the pane's shape (a cell is twice as tall as wide). Tiny elements get at least 24 points.
        let aspect = Double(max(1, w)) / Double(max(1, 2 * h))
        var vw = max(f.width * 1.5, 24), vh = max(f.height * 1.5, 24)
        if vw / vh < aspect { vw = vh * aspect } else { vh = vw / aspect }
        return Rect(x: f.midX - vw / 2, y: f.midY - vh / 2, width: vw, height: vh)
    }

    /// Where the wireframe is drawn: the drawing pane, or its left half beside the screenshot.
    public var wireframeRegion: Region {
        let pane = layout.wireframe
        guard drawingView == .both else { return pane }
        return Region(x: pane.x, y: pane.y, width: pane.width / 2, height: pane.height)
    }

    /// Where the screenshot is drawn, when it is shown.
    public var screenshotRegion: Region? {
        let pane = layout.wireframe
        switch drawingView {
        case .wireframe: return nil
        case .screenshot: return pane
        case .both: return Region(x: pane.x + pane.width / 2 + 1, y: pane.y, width: pane.width - pane.width / 2 - 1, height: pane.height)
        }
    }

    /// The drawing is centred in its region, below the title row.
    public func drawingOrigin(_ l: WireframeLayout) -> (x: Int, y: Int) {
        let r = wireframeRegion
        return (r.x + max(0, (r.width - l.columns) / 2), r.y + 1)
    }
}
