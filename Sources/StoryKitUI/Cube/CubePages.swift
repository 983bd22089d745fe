#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI

/// A SwiftUI view that pages through a collection on the faces of a turning cube, as
/// Instagram's stories do between users: the SwiftUI front-end of ``StoryKit/CubePager``.
///
/// It wraps a ``CubePagerViewController``, so gestures, Reduce Motion and VoiceOver behave the
/// same; each page on screen is a `UIHostingController` of `content(element)`, a child view
/// controller of the pager, whose content sees the environment of the place `CubePages` stands
/// in (custom keys and `@EnvironmentObject`s too) and can present sheets. Only the pages on
/// screen exist. The selection is a binding, to the selected element's identity as
/// `TabView(selection:)` has it, or to the page index: a finger turning the cube writes it when
/// the cube comes to rest, and setting it turns the cube, animated when the change carries an
/// animation (`withAnimation { selection = next.id }`), as `TabView`'s page style does.
///
/// ```swift
/// struct UserPagesView: View {
///     let users: [User]                 // Identifiable
///     @State private var selection: User.ID
///     @State private var turning = false
///     @Environment(\.dismiss) private var dismiss
///
///     var body: some View {
///         CubePages(users, selection: $selection) { user in
///             UserStories(user: user, paused: turning)
///         }
///         .background(.black)
///         .onCubePageEvent { event in       // will/did/cancel, as the UIKit delegate has them
///             if case .willChangePage = event { turning = true }
///             if case .didChangePage = event { turning = false }
///             if case .didCancelPageChange = event { turning = false }
///         }
///         .onPanPastEnd { dismiss() }       // modifiers in any order
///         .ignoresSafeArea()
///     }
/// }
/// ```
///
/// Named `CubePages` rather than `CubePager`, which is the model's name: one name for two types
/// would make every `CubePager` in an app that imports both modules ambiguous.
public struct CubePages<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    let data: Data
    let id: KeyPath<Data.Element, ID>
    @Binding var currentPage: Int
    let configuration: CubePager.Configuration
    let reducedMotionTransition: CubePager.Transition
    let content: (Data.Element) -> Content

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.cubePagesActions) private var actions

    /// Creates a cube pager over `data`.
    ///
    /// - Parameters:
    ///   - data: The pages' elements, in page order.
    ///   - id: The key path to each element's identity: a page whose element changes identity
    ///     starts with fresh SwiftUI state.
    ///   - currentPage: The page in front, from 0; written when the cube comes to rest on a
    ///     page, clamped into the pages that exist.
    ///   - configuration: The model's constants (depth, thresholds, spring, shading, transition).
    ///   - reducedMotionTransition: The transition while Reduce Motion is on; the cross-fade by
    ///     default.
    ///   - content: The view of one element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, currentPage: Binding<Int>,
                configuration: CubePager.Configuration = CubePager.Configuration(),
                reducedMotionTransition: CubePager.Transition = .crossFade,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self._currentPage = currentPage
        self.configuration = configuration
        self.reducedMotionTransition = reducedMotionTransition
        self.content = content
    }

    /// The view: a ``CubePagerViewController`` showing the pages.
    public var body: some View {
        CubePagerRepresentable(pages: self, reduceMotion: reduceMotion, actions: actions)
    }

    /// The number of pages.
    var pageCount: Int { data.count }

    /// The root view of page `index` (in `0..<pageCount`): the element's content, with its
    /// identity and `environment`.
    func page(at index: Int, environment: EnvironmentValues) -> CubePageRoot<ID, Content> {
        let element = data[data.index(data.startIndex, offsetBy: index)]
        return CubePageRoot(id: element[keyPath: id], content: content(element), environment: environment)
    }
}

extension CubePages {
    /// Creates a cube pager whose selection is the identity of the element in front, as
    /// `TabView(selection:)` has it.
    ///
    /// - Parameters:
    ///   - data: The pages' elements, in page order.
    ///   - id: The key path to each element's identity.
    ///   - selection: The identity of the element in front; written when the cube comes to rest
    ///     on a page. An identity no element has shows the first page (and is left as it is).
    ///   - configuration: The model's constants.
    ///   - reducedMotionTransition: The transition while Reduce Motion is on.
    ///   - content: The view of one element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<ID>,
                configuration: CubePager.Configuration = CubePager.Configuration(),
                reducedMotionTransition: CubePager.Transition = .crossFade,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        let ids = data.map { $0[keyPath: id] }
        let page = Binding<Int>(
            get: { PageSelection.page(of: selection.wrappedValue, in: ids) ?? 0 },
            set: { index in
                if let selected = PageSelection.id(ofPage: index, in: ids) { selection.wrappedValue = selected }
            })
        self.init(data, id: id, currentPage: page, configuration: configuration,
                  reducedMotionTransition: reducedMotionTransition, content: content)
    }
}

extension CubePages where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates a cube pager over identifiable elements whose selection is the identity of the
    /// element in front, as `TabView(selection:)` has it.
    ///
    /// - Parameters:
    ///   - data: The pages' elements, in page order.
    ///   - selection: The `id` of the element in front.
    ///   - configuration: The model's constants.
    ///   - reducedMotionTransition: The transition while Reduce Motion is on.
    ///   - content: The view of one element.
    public init(_ data: Data, selection: Binding<ID>,
                configuration: CubePager.Configuration = CubePager.Configuration(),
                reducedMotionTransition: CubePager.Transition = .crossFade,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, selection: selection, configuration: configuration,
                  reducedMotionTransition: reducedMotionTransition, content: content)
    }

    /// Creates a cube pager over identifiable elements.
    ///
    /// - Parameters:
    ///   - data: The pages' elements, in page order.
    ///   - currentPage: The page in front, from 0.
    ///   - configuration: The model's constants.
    ///   - reducedMotionTransition: The transition while Reduce Motion is on.
    ///   - content: The view of one element.
    public init(_ data: Data, currentPage: Binding<Int>,
                configuration: CubePager.Configuration = CubePager.Configuration(),
                reducedMotionTransition: CubePager.Transition = .crossFade,
                @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, currentPage: currentPage, configuration: configuration,
                  reducedMotionTransition: reducedMotionTransition, content: content)
    }
}

/// One page's root view: the content, identified by its element, so a hosting controller reused
/// for another element does not carry the previous element's state, with the environment of the
/// place ``CubePages`` stands in (a hosting controller starts from an empty one).
struct CubePageRoot<ID: Hashable, Content: View>: View {
    let id: ID
    let content: Content
    let environment: EnvironmentValues

    var body: some View {
        content.id(id).environment(\.self, environment)
    }
}
#endif
