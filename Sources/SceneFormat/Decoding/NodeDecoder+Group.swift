import Expressions

/// `{"group": [views]}`: SwiftUI's `Group { ... }`.
///
/// "Use a group to collect multiple views into a single instance, without affecting the layout of those
/// views [...] any modifier you apply to the group affects all of that group's members"
/// (https://developer.apple.com/documentation/swiftui/group). So a group among a stack's (or a scroll
/// view's) children is spliced into them when the scene is read: each member becomes a child of the stack,
/// wrapped in the group's modifiers (a `forEach` member gets them around each of its items). Anywhere else
/// (the root, a component's body, a background, a `forEach`'s content) a group lays its views out as a
/// ZStack, the implicit stack SwiftUI gives several views in an overlay or a background.
extension NodeDecoder {
    /// Whether a stack child is a `group`.
    static func isGroup(_ reader: JSONReader) -> Bool {
        guard case .object(let members) = reader.value.kind else { return false }
        return members.contains { $0.key == "group" }
    }

    /// A stack's or a scroll view's children: views, `forEach`es, and the members of groups spliced in.
    static func decodeChildren(_ list: JSONReader, depth: Int) throws(SceneError) -> [Node] {
        var children: [Node] = []
        for child in try list.array() {
            if isForEach(child) {
                children.append(try decodeForEach(child, depth: depth + 1))
            } else if isGroup(child) {
                children += try decodeGroupMembers(child, depth: depth + 1)
            } else {
                children.append(try decode(child, depth: depth + 1))
            }
        }
        return children
    }

    /// The members of a group written among a stack's children, each wrapped in the group's modifiers.
    static func decodeGroupMembers(_ reader: JSONReader, depth: Int) throws(SceneError) -> [Node] {
        guard depth < maxDepth else { throw reader.error("views are nested deeper than \(maxDepth) levels") }
        let group = try decode(reader, depth: depth)
        let members = try reader.members()
        // Inside the wrappers the group's "modifiers" entries made (one one-child ZStack each that did not
        // join the group's own view), the group's own view holds its members.
        guard case .stack(let stack) = innermost(group).kind else { return [] }
        if members.allSatisfy({ $0.key == "group" || $0.key == "comment" }) { return stack.children }
        if group.id != nil, stack.children.count > 1, let id = members.first(where: { $0.key == "id" }) {
            throw id.value.error("an \"id\" on a group of \(stack.children.count) views would name each of them; put it on one of its views, or make the group a \"zstack\"")
        }
        return stack.children.map { member in
            if member.forEach != nil, case .stack(var items) = member.kind, let content = items.children.first {
                // Around each item of a forEach member.
                var repeated = member
                items.children = [wrap(content, in: group)]
                repeated.kind = .stack(items)
                return repeated
            }
            return wrap(member, in: group)
        }
    }

    /// The group node's own view (with its fixed modifiers and the entries that joined it), inside the
    /// wrappers of its other entries.
    private static func innermost(_ node: Node) -> Node {
        guard node.isModifierEntry, case .stack(let stack) = node.kind, let child = stack.children.first else { return node }
        return innermost(child)
    }

    /// `member` inside a copy of the group's modifiers. Each copy's views take paths under the member's,
    /// so the copies' attributes (their frames, their animated effects) are their own.
    private static func wrap(_ member: Node, in group: Node, level: Int = 0) -> Node {
        var copy = group
        copy.path = member.path.appending("group\(level)")
        guard case .stack(var stack) = group.kind else { return copy }
        if group.isModifierEntry, let inner = stack.children.first {
            stack.children = [wrap(member, in: inner, level: level + 1)]
        } else {
            stack.children = [member]
        }
        copy.kind = .stack(stack)
        return copy
    }
}
