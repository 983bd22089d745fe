#if canImport(UIKit)
import Foundation
import QuartzCore
import StoryKit
import StoryMedia
import UIKit

/// The row of story avatars above a feed, in UIKit: the front-end of ``StoryKit/StoryTray``.
///
/// Each user with stories has a ``StoryRingView`` (gradient when something is unseen, grey once
/// all is seen) and their name, users with something unseen first. A tap starts the avatar's
/// ring loading and reads the user's first unseen item through the media configuration's
/// `MediaByteSource` (an image whole, a video's first mebibyte); when it is there the ring comes
/// to rest and ``onOpen`` is called with the avatar's frame, for the viewer to grow out of it:
///
/// ```swift
/// let tray = StoryTrayView(feed: feed, seen: seen, media: StoriesMediaConfiguration(byteSource: pipeline))
/// tray.onOpen = { [weak self, weak tray] user, _ in
///     guard let self, let tray else { return }
///     tray.presentStories(of: user, from: self, delegate: self)
/// }
/// view.addSubview(tray)           // as wide as you like, tray.intrinsicContentSize.height high
/// ```
///
/// The model is the source of truth: the order, every avatar's frame (a `UICollectionView` whose
/// layout only copies the model's frames, its content offset fed back with
/// ``StoryKit/StoryTray/scroll(to:)``), the rings' status, which user is loading, and the launch.
/// A collection view rather than a plain scroll view: cells are reused (a row may have hundreds
/// of users), `UICollectionViewDataSourcePrefetching` says which avatars come next, and
/// VoiceOver scrolls it to the element it focuses.
///
/// - **Loading.** A tap goes to the model's ``StoryKit/StoryTray/tap(at:time:)``; a second avatar
///   tapped cancels the first ring and its read. Without a byte source (or for files and HLS
///   streams) the story is ready at once. A failed read brings the ring to rest and calls
///   ``onLoadFailure``; a ring never turns for ever. Times are `CACurrentMediaTime()` seconds.
/// - **Prefetching.** The first items of the avatars in view and half a screen beyond, and of
///   those the collection view prefetches, are read ahead (at most three at once; reads of
///   avatars scrolled far away are cancelled), so a tap usually finds them cached.
/// - **The viewer.** ``presentStories(of:from:configuration:delegate:)`` presents a
///   ``StoriesViewController`` growing out of the avatar (``StoryKit/StoryOpenTransition``, a
///   cross-fade under Reduce Motion), scrolls the row to follow the viewer's user, and gives the
///   viewer the avatar to land in at the swipe-down (or none when it is out of view: the page
///   fades where it is).
/// - **VoiceOver.** Each avatar is a button ("Ava, new story"); loading is announced.
/// - **Right to left.** Under a right-to-left layout the row starts at the right and scrolls
///   from the right, as ``StoryKit/StoryTray`` does.
@MainActor
public final class StoryTrayView: UIView {
    /// The stories (users without items are left out of the row). Set a new feed when it
    /// arrives or refreshes: the row keeps its place and any loading ring (``TrayFeedMerge``).
    public var feed: StoryFeed {
        didSet { if feed != oldValue { takeFeed() } }
    }

    /// The ids of the items seen: rings of users with nothing left unseen turn grey, and a tap
    /// reads a user's first unseen item. The order stays until the next ``feed``, as
    /// Instagram's does while you watch. Stories the viewer presented by
    /// ``presentStories(of:from:configuration:delegate:)`` reports seen are added by the view.
    public var seen: Set<String> {
        get { session.rules.seen }
        set { if session.updateSeen(newValue) { reconfigureVisibleCells() } }
    }

    /// Called on the main actor when a tapped avatar's story is ready and its ring at rest: open
    /// the viewer for `user` out of `frame`, the avatar's picture in the window's coordinates.
    public var onOpen: (@MainActor (_ user: StoryUser, _ frame: CGRect) -> Void)?

    /// Called on the main actor when the first item of a tapped avatar could not be read (the
    /// ring has come to rest): show an error, or open the viewer anyway, which shows the failure.
    public var onLoadFailure: (@MainActor (_ user: StoryUser, _ error: any Error) -> Void)?

    /// The colour of the names of users with something unseen; the seen ones' is its 55 % alpha.
    public var nameColor: UIColor = .label {
        didSet { reconfigureVisibleCells() }
    }

    /// The model: users in order, rings, scroll offset, the loading user.
    public var tray: StoryTray { session.rules.tray }

    /// The sizes and the rings' look; a change lays the row out again, keeping its place.
    public var configuration: StoryTray.Configuration {
        didSet { if configuration != oldValue { takeFeed() } }
    }

    /// Where the viewer's and the prefetches' media comes from.
    public let media: StoriesMediaConfiguration

    /// The folder relative media paths in the feed are in; a change reloads the pictures.
    public var mediaBaseURL: URL? {
        didSet { if mediaBaseURL != oldValue { takeFeed() } }
    }

    /// Overrides the view's `effectiveUserInterfaceLayoutDirection` when not nil (SwiftUI passes
    /// its `\.layoutDirection`). Right to left, the row starts at the right and scrolls from the
    /// right (``TrayRowInput``).
    package var preferredLayoutDirection: StoryLayoutDirection? {
        didSet { takeFeed() }
    }

    /// The loading, reads and prefetching, shared with ``StoryTrayRow``.
    let session: TrayRowSession
    let collectionView: UICollectionView
    let collectionLayout: StoryTrayCollectionLayout
    let images: StoryImageLoader
    /// The viewer presented from the row, and its transition.
    var viewerLink: StoryTrayViewerLink?

    /// A row over `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out.
    ///   - seen: The ids of items seen (StoryMedia's `SeenStateStore` loads them).
    ///   - configuration: The avatars' diameter, spacing, insets, names' size and the rings.
    ///   - media: Where media bytes come from (a `MediaByteSource`: the media pipeline), for the
    ///     taps' reads, the prefetching and the viewer; without a source, taps open at once.
    ///   - mediaBaseURL: The folder relative media paths are in; the app bundle's resources by
    ///     default.
    public init(feed: StoryFeed, seen: Set<String> = [], configuration: StoryTray.Configuration = StoryTray.Configuration(),
                media: StoriesMediaConfiguration = StoriesMediaConfiguration(),
                mediaBaseURL: URL? = Bundle.main.resourceURL) {
        self.feed = feed
        self.configuration = configuration
        self.media = media
        self.mediaBaseURL = mediaBaseURL
        session = TrayRowSession(TrayRowInput(feed: feed, configuration: configuration, baseURL: mediaBaseURL), seen: seen,
                                 source: media.byteSource) { CACurrentMediaTime() }
        collectionLayout = StoryTrayCollectionLayout(trayLayout: session.layout)
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: collectionLayout)
        images = StoryImageLoader(session: .shared, source: media.byteSource)
        super.init(frame: .zero)
        setUp()
    }

    /// Storyboards are not supported: the view is made in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported; create StoryTrayView in code") }

    private func setUp() {
        collectionView.backgroundColor = .clear
        collectionView.showsHorizontalScrollIndicator = false
        collectionView.alwaysBounceHorizontal = true
        collectionView.contentInsetAdjustmentBehavior = .never     // the offset is the model's
        collectionView.register(StoryTrayCell.self, forCellWithReuseIdentifier: StoryTrayCell.reuseIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.prefetchDataSource = self
        let tap = UITapGestureRecognizer(target: self, action: #selector(tapped(_:)))
        tap.delegate = self
        collectionView.addGestureRecognizer(tap)
        addSubview(collectionView)
        session.onEffect = { [weak self] effect in self?.apply(effect) }
    }

    /// The row's height from the model, and no width of its own.
    public override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(collectionLayout.trayLayout.contentSize.height))
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        if collectionView.frame != bounds { collectionView.frame = bounds }
        session.setViewportWidth(Double(bounds.width)) { layout in
            collectionLayout.trayLayout = layout
            collectionView.layoutIfNeeded()     // the new content size, before the offset
            showModelOffset()
        }
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        takeFeed()                              // the layout direction may have changed
    }

    /// The cell of user `user`, if it is on screen.
    func cell(of user: Int) -> StoryTrayCell? {
        collectionView.cellForItem(at: IndexPath(item: user, section: 0)) as? StoryTrayCell
    }

    /// Shows the model's status and names on the cells on screen.
    func reconfigureVisibleCells() {
        for case let cell as StoryTrayCell in collectionView.visibleCells {
            guard let path = collectionView.indexPath(for: cell) else { continue }
            configure(cell, user: path.item)
        }
    }

    /// Fills `cell` with user `user`: ring, name, picture, and the loading state the model has.
    func configure(_ cell: StoryTrayCell, user index: Int) {
        guard let content = session.cellContent(at: index) else { return }
        if !content.keepsPicture(ofUser: cell.userID, avatar: cell.avatarKey) { cell.ring.image = nil }
        cell.configure(content, configuration: configuration, nameColor: nameColor)
        for state in session.ringCatchUp(at: index, ringIsLoading: cell.ring.isLoading) {
            cell.ring.session.request(state)                                 // scrolled back into view while loading
        }
        guard cell.ring.image == nil, let location = content.picture else { return }
        let id = content.user.id
        cell.ring.image = images.avatar(at: location, points: content.avatarSize,
                                        scale: Double(traitCollection.displayScale)) { [weak cell] image in
            guard let cell, cell.userID == id else { return }
            cell.ring.image = image
        }
    }
}

// MARK: - StoryTrayView + UICollectionViewDataSource

extension StoryTrayView: UICollectionViewDataSource {
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        session.rules.tray.users.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: StoryTrayCell.reuseIdentifier, for: indexPath)
        if let cell = cell as? StoryTrayCell { configure(cell, user: indexPath.item) }
        return cell
    }
}

// MARK: - StoryTrayView + UICollectionViewDelegate

extension StoryTrayView: UICollectionViewDelegate {
    /// The content offset is the model's scroll.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        session.scroll(toScrollViewOffset: Double(scrollView.contentOffset.x))
    }
}

// MARK: - StoryTrayView + UICollectionViewDataSourcePrefetching

extension StoryTrayView: UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        session.hint(indexPaths.map(\.item), soon: true)
    }

    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        session.hint(indexPaths.map(\.item), soon: false)
    }
}
#endif
